/*
 * Engine: values carry their C type.  Constants fold in their own type,
 * the usual arithmetic conversions apply, unsigned arithmetic wraps, and
 * comparisons narrow each side in its own type.
 */
typedef unsigned long size_t;
#define SIZE_MAX (18446744073709551615UL)
#define ULLONG_MAX (18446744073709551615ULL)

void unsigned_constants(void)
{
	size_t n = SIZE_MAX / sizeof(int);
	unsigned u = -1;
	unsigned char c = 300;
	signed char s = 200;

	__sci_value(n);	/* expect-note: sci-debug "value 'n' = 4611686018427387903" */
	__sci_value(u);	/* expect-note: sci-debug "value 'u' = max" */
	__sci_value(c);	/* expect-note: sci-debug "value 'c' = 44" */
	__sci_value(s);	/* expect-note: sci-debug "value 's' = -56" */
}

void loop_bound_is_not_zero(int *a)
{
	size_t i;

	/* folded as signed, the bound was 0 and the body looked dead */
	for (i = 0; i < SIZE_MAX / sizeof(int) && i < 10; i++)
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

void all_ones_compares(size_t x, unsigned long long y)
{
	if (x == (size_t)-1)
		__sci_value(x);	/* expect-note: sci-debug "value 'x' = max" */
	if (y == ULLONG_MAX)
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

void unsigned_against_signed(unsigned u, int i)
{
	if (i != -1)
		return;
	/* compared as unsigned: -1 is UINT_MAX, so u < i unless u is too */
	if (u < i)
		__sci_value(u);	/* expect-note: sci-debug "value 'u' = 0-4294967294" */
	else
		__sci_value(u);	/* expect-note: sci-debug "value 'u' = max" */
}

void unsigned_never_negative(unsigned u)
{
	if (u < 0)	/* expect-warning: impossible-condition "'u < 0' is always false: the types of its operands decide it" */
		__sci_reached();	/* must not be reached: no note expected */
	if ((int)u < 0)
		__sci_value(u);	/* expect-note: sci-debug "value 'u' = 2147483648-max" */
}

void wrap_around(void)
{
	unsigned u = 0;
	int i = 2147483647;

	u--;
	__sci_value(u);		/* expect-note: sci-debug "value 'u' = max" */
	u += 2;
	__sci_value(u);		/* expect-note: sci-debug "value 'u' = 1" */
	i++;
	__sci_value(i);		/* expect-note: sci-debug "value 'i' = min" */
}

void operators(int x)
{
	int a, b, m, s;
	unsigned char c;

	if (x < 0 || x > 100)
		return;
	a = x * 3 - 1;
	b = x / 4;
	m = x % 8;
	s = 1 << (x & 7);
	c = x + 250;
	__sci_value(a);		/* expect-note: sci-debug "value 'a' = -1-299" */
	__sci_value(b);		/* expect-note: sci-debug "value 'b' = 0-25" */
	__sci_value(m);		/* expect-note: sci-debug "value 'm' = 0-7" */
	__sci_value(s);		/* expect-note: sci-debug "value 's' = 1-128" */
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = 0-94,250-255" */
	__sci_value(x ? 7 : 9);	/* expect-note: sci-debug "value 'x ? 7 : 9' = 7,9" */
}

void constant_conditions(int x)
{
	if (5 == 5)
		x = 1;
	else
		__sci_reached();	/* must not be reached: no note expected */
	if (sizeof(int) == 8)
		__sci_reached();	/* must not be reached: no note expected */
	while (1) {
		if (x)
			break;
	}
	do {
		x = 2;
	} while (0);
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = 2" */
	switch (3) {
	case 1:
		__sci_reached();	/* must not be reached: no note expected */
		break;
	case 3:
		__sci_reached();	/* expect-note: sci-debug "reached" */
		break;
	}
}

void bool_conversion(int x)
{
	_Bool b = x;

	if (x == 256) {
		b = x;
		__sci_value(b);	/* expect-note: sci-debug "value 'b' = 1" */
	}
}

void switch_on_char(unsigned char c)
{
	switch (c) {
	case -1:	/* c is promoted to int: 0..255 never equals -1 */
		__sci_reached();	/* must not be reached: no note expected */
		break;
	case 255:
		__sci_value(c);	/* expect-note: sci-debug "value 'c' = 255" */
		break;
	}
}

void predecrement_in_a_test(unsigned n)
{
	if (n > 10)
		return;
	/* the test reads n as the walk stored it: 0 became max */
	if (--n > 3)
		__sci_value(n);	/* expect-note: sci-debug "value 'n' = 4-9,max" */
	else
		__sci_value(n);	/* expect-note: sci-debug "value 'n' = 0-3" */
}
