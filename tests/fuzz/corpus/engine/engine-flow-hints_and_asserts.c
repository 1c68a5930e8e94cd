/* Engine: likely()/unlikely() hints and assertion functions (cmocka's
 * assert_non_null is the function _assert_true) narrow like the
 * conditions they wrap. */
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

struct s { int a; };
void _assert_true(unsigned long result, const char *expr, const char *file,
		  int line);

void unlikely_null(struct s *p)
{
	if (unlikely(!p))
		return;
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 1-max" */
}

void likely_range(int c)
{
	if (likely(c == 3))
		__sci_value(c);	/* expect-note: sci-debug "value 'c' = 3" */
}

void assert_function_pointer(struct s *p)
{
	_assert_true((unsigned long)p, "p", "f.c", 1);
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 1-max" */
}

void assert_function_test(int c)
{
	_assert_true((unsigned long)(c == 4), "c == 4", "f.c", 2);
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = 4" */
}

void assert_function_false(void)
{
	_assert_true(0, "0", "f.c", 3);
	__sci_reached();	/* unreachable */
}
