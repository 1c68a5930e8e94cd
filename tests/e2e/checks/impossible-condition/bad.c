/* impossible-condition: comparisons the operand types decide. */
typedef unsigned long size_t;
size_t read_len(void);
void use(unsigned i);

int unsigned_negative(void)
{
	size_t n = read_len();

	if (n < 0)	/* expect-warning: impossible-condition "'n < 0' is always false: the types of its operands decide it" */
		return -1;
	return 0;
}

void endless_countdown(unsigned n)
{
	unsigned i;

	for (i = n; i >= 0; i--)	/* expect-warning: impossible-condition "'i >= 0' is always true: the types of its operands decide it" */
		use(i);
}

int char_against_300(char c)
{
	if (c == 300)	/* expect-warning: impossible-condition "'c == 300' is always false: the types of its operands decide it" */
		return 1;
	return 0;
}

int uchar_range(unsigned char b)
{
	if (b > 255)	/* expect-warning: impossible-condition "'b > 255' is always false: the types of its operands decide it" */
		return 1;
	return 0;
}
