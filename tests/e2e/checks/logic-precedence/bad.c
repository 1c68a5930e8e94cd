/* logic-precedence: operators that bind other operands than the spacing suggests. */
#define F_SYNC 4
#define MASK 0x0f
#define VAL 3

int not_and(int flags)
{
	if (!flags & F_SYNC)	/* expect-warning: logic-precedence "'!flags & 4' applies '!' to 'flags' alone" */
		return 1;
	return 0;
}

int not_or(int a, int b)
{
	return !a | b;	/* expect-warning: logic-precedence "'!a | b' applies '!' to 'a' alone" */
}

int not_equals(int len, int expected)
{
	if (!len == expected)	/* expect-warning: logic-precedence "'!len == expected' compares the negation of 'len'" */
		return 1;
	return 0;
}

int not_differs(int len)
{
	return !len != 4;	/* expect-warning: logic-precedence "'!len != 4' compares the negation of 'len'" */
}

int and_compare(int mode)
{
	if (mode & MASK == VAL)	/* expect-warning: logic-precedence "'&' takes 'mode' and the result of a comparison" */
		return 1;
	return 0;
}

int compare_or(int x, int y, int bits)
{
	return x == y | bits;	/* expect-warning: logic-precedence "'|' takes 'bits' and the result of a comparison" */
}

struct s {
	unsigned flags;
};

int member_compare(struct s *p, unsigned want)
{
	return p->flags & 8 != want;	/* expect-warning: logic-precedence "'&' takes 'p->flags' and the result of a comparison" */
}

struct opts {
	unsigned verbose:1;
	unsigned level:3;
};

int wide_field(struct opts *o, int want)
{
	return !o->level == want;	/* expect-warning: logic-precedence "'!o->level == want'" */
}
