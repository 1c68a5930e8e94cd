// SPDX-License-Identifier: MIT
/*
 * array-overflow: an index into an array of known size can reach or pass
 * its end, or go below 0, on this path; or a pointer into an object of
 * known size is dereferenced where it can point past the end or before
 * the start.
 *
 *	int a[10];
 *	for (i = 0; i <= 10; i++)
 *		a[i] = 0;	// i is 10 on the last pass: one past the end
 *	char buf[16], *p = buf + 8;
 *	p[8] = 0;		// 16 bytes into buf: past its end
 *
 * The array's size comes from its type (`int a[10]`, a struct member
 * `char name[16]`); the index's range from the value model: constants,
 * checks (`if (i < 16)`), loop bounds.  An index the model knows nothing
 * about (its range is its type's) is not reported: that is every index of
 * a parameter.  Taking the address one past the end (`&a[10]`, `a + 10`)
 * is legal C and is not a dereference, so it is not reported.
 *
 * An index read from input (sci_value_untrusted: scanf, fgets + atoi,
 * recv, rand...) can be anything its type allows until checked: that is
 * tainted-index's finding, not this one's.
 *
 * Pointers: the engine knows what a pointer points into (sci_value_object:
 * `p = buf + 8`, `p++`, `a = malloc(40)`, `p < buf + 16` bounding p) and
 * a dereference `*p`, `p[i]`, `*(p + i)`, `p->m` is reported when the
 * offset a bound the program gave can reach the object's end or go below
 * its start, or when an access at one known offset runs past the end.  A
 * pointer one past the end is legal until it is dereferenced.  A sum of a
 * pointer's range and an index's range (`p[i]`) is not reported: the two
 * may be related (`off + len <= size`).  Untrusted data is not looked at
 * for pointers yet.  A caller's buffer, known in a function's walk with
 * its callers' values, is reported only where the parameter indexed by
 * a local counter walks across one of its ends (a loop copying into it:
 * `for (i = 0; i < n; i++) dst[i] = ...` with n bounded in the callee),
 * not at one offset that a variable gives (`str[len] = 0` after a field
 * parsed on purpose); a constant offset past it (`buf[5]` where every
 * caller passes 5 elements) is reported.
 *
 * A member read or written through a pointer into an object of known size
 * (`p = (struct s *)buf; p->c`) is reported where the member ends past
 * the object.
 *
 * False positives: an index bounded by a relation the model does not keep
 * (`i < n` where n <= 10 is known only to the caller), trailing arrays
 * used as flexible members (`char data[1]` at the end of a struct:
 * skipped when the array is the last member and has 0 or 1 elements), a
 * struct member array walked past its end into the next members on
 * purpose (`p = s->name; p[20]` is reported like `s->name[20]`), and a
 * pointer member changed by a call that gets another name for its struct
 * (`reset(t)` when t is s and s->cur is tracked).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/*
 * `p[i]` fires twice (sci_on_deref): with `p + i`, then with p alone at
 * the same position; the second is no access of *p.
 */
static sci_expr *last_address;
static sci_pos last_pos;

static int same_pos(sci_pos a, sci_pos b)
{
	return a.line == b.line && a.col == b.col && a.path == b.path;
}

/* @pointer is the pointer operand of @address (`p` of `p + 1 + i`). */
static int is_base_of(sci_expr *address, sci_expr *pointer)
{
	sci_expr *l, *r;

	address = sci_expr_strip(address);
	if (address == pointer)
		return 1;
	if (!sci_expr_binop(address, &l, &r))
		return 0;
	return is_base_of(l, pointer) || is_base_of(r, pointer);
}

static int is_index_base(sci_expr *pointer, sci_pos pos)
{
	sci_expr *l, *r;
	int base = last_address && same_pos(pos, last_pos) &&
		   is_base_of(last_address, sci_expr_strip(pointer));

	last_address = NULL;
	if (!base && sci_expr_binop(pointer, &l, &r) &&
	    sci_expr_is_pointer(pointer)) {
		last_address = pointer;
		last_pos = pos;
	}
	return base;
}

static const char *bytes(long long n)
{
	return n == 1 || n == -1 ? "byte" : "bytes";
}

enum { FITS, PAST_END, RUNS_PAST, BEFORE_START };

/* Where a dereference at the offsets @o has can land, by bounds it knows. */
static int where(const sci_object *o, long long *off)
{
	int min_known = o->known & SCI_VALUE_MIN_KNOWN;
	int max_known = o->known & SCI_VALUE_MAX_KNOWN;

	if ((max_known && o->off_max >= o->size) ||
	    (min_known && o->off_min >= o->size)) {
		*off = max_known && o->off_max >= o->size ? o->off_max : o->off_min;
		return PAST_END;
	}
	*off = o->off_min;
	if (min_known && max_known && o->off_min == o->off_max &&
	    o->off_min >= 0 && o->off_min + o->access > o->size)
		return RUNS_PAST;
	if ((min_known && o->off_min < 0) || (max_known && o->off_max < 0)) {
		*off = min_known && o->off_min < 0 ? -o->off_min : -o->off_max;
		return BEFORE_START;
	}
	return FITS;
}

/*
 * `param[i]`: a parameter indexed by a local counter, the shape of a loop
 * over the caller's buffer.  A pointer stepped along it (`*c++`, bounded
 * by a count the model does not relate to it) or an index computed from
 * two counters (`b[i - j]`) is not.
 */
static int counted_walk(sci_expr *pointer)
{
	sci_expr *l, *r;
	sci_sym *base, *index;

	if (sci_expr_binop(pointer, &l, &r) != '+')
		return 0;
	base = sci_expr_symbol(sci_expr_strip(l));
	index = sci_expr_symbol(sci_expr_strip(r));
	return base && index && sci_sym_is_param(base) &&
	       sci_sym_is_local(index);
}

/*
 * `param[5]`, `*(param + 5)`, `*(param - 5)`: a parameter at a constant
 * offset, which lands past a caller's buffer (or before it) for every
 * call that passes it.  Only where
 * the callers pass the buffer's start and the parameter still holds it
 * (@o's offset is the step alone): a parameter stepped first (`argv++`)
 * moves along contents the model does not read (busybox hush's
 * builtin_trap() returns at the NULL its one known caller passes).
 */
static int constant_step(sci_expr *pointer, const sci_object *o)
{
	sci_expr *l, *r;
	sci_sym *base;
	long long k;
	int op = sci_expr_binop(pointer, &l, &r);

	if (op != '+' && op != '-')
		return 0;
	base = sci_expr_symbol(sci_expr_strip(l));
	if (!base || !sci_sym_is_param(base) || !sci_expr_const(r, &k) ||
	    o->access <= 0)
		return 0;
	return o->off_min == (op == '+' ? k : -k) * o->access;
}

/* *@pointer where it points into an object of known size. */
static void check_pointer(sci_expr *pointer, sci_pos pos)
{
	const char *verb;
	long long off;
	sci_object o;
	int w;

	/*
	 * Not a caller's object: an index in the callee is often bound by
	 * what it reads elsewhere (busybox read_num() writes str[len] with
	 * len the field's size, on purpose), which the tuple does not pair.
	 */
	if (!sci_value_object(pointer, &o) || (w = where(&o, &off)) == FITS)
		return;
	/*
	 * A caller's object only where the index walks across one of its
	 * ends, from inside it past the end or from before the start into
	 * it (a loop copying elements: `for (i = 0; i < n; i++) data[i] =
	 * ...` with n bounded here), not where one index lands (busybox's
	 * str[len]).
	 */
	if (o.kind == SCI_OBJECT_CALLER &&
	    !(o.known == (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) &&
	      counted_walk(pointer) &&
	      ((w == PAST_END && o.off_min >= 0 && o.off_min < o.size) ||
	       (w == BEFORE_START && o.off_max >= 0))) &&
	    !(o.known == (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) &&
	      o.off_min == o.off_max && constant_step(pointer, &o)))
		return;
	verb = o.off_min == o.off_max ? "points" : "can point";
	if (w == PAST_END)
		sci_report(me, pos, o.name,
			   "'%s' %s %lld %s into '%s', past its end (%lld %s)",
			   sci_expr_text(pointer), verb, off, bytes(off), o.name,
			   o.size, bytes(o.size));
	else if (w == RUNS_PAST)
		sci_report(me, pos, o.name,
			   "'%s' points %lld %s into '%s' (%lld %s): a %lld-byte access runs past its end",
			   sci_expr_text(pointer), off, bytes(off), o.name, o.size,
			   bytes(o.size), o.access);
	else
		sci_report(me, pos, o.name,
			   "'%s' %s %lld %s before the start of '%s'",
			   sci_expr_text(pointer), verb, off, bytes(off), o.name);
}

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	sci_expr *array, *index;
	long long count, min, max;
	int known, untrusted;

	if (is_index_base(pointer, pos))
		return;
	if (!sci_expr_index(pointer, &array, &index)) {
		sci_expr *l, *r;

		/* `p[input]`: tainted-index's, as for arrays */
		if (sci_expr_binop(pointer, &l, &r) == '+' &&
		    ((sci_expr_is_integer(l) && sci_value_untrusted(l)) ||
		     (sci_expr_is_integer(r) && sci_value_untrusted(r))))
			return;
		check_pointer(pointer, pos);
		return;
	}
	count = sci_expr_array_count(array);
	/* [0] and [1] at the end of a struct are old-style flexible arrays */
	if (count <= 1)
		return;
	if (sci_expr_const(index, &min)) {
		if (min >= count || min < 0)
			sci_report(me, pos, sci_expr_text(array),
				   "index %lld is outside '%s' (%lld elements)",
				   min, sci_expr_text(array), count);
		return;
	}
	known = sci_value_bounds(index, &min, &max);
	untrusted = sci_value_untrusted(index);
	if (!known && !untrusted)
		return;
	/* input can reach every value of its type: tainted-index's case */
	if (untrusted)
		return;
	if ((known & SCI_VALUE_MAX_KNOWN) && max >= count)
		sci_report(me, pos, sci_expr_text(array),
			   "index '%s' can be %lld, past the end of '%s' (%lld elements)",
			   sci_expr_text(index), max, sci_expr_text(array), count);
	else if ((known & SCI_VALUE_MIN_KNOWN) && min < 0)
		sci_report(me, pos, sci_expr_text(array),
			   "index '%s' can be %lld, before the start of '%s'",
			   sci_expr_text(index), min, sci_expr_text(array));
	/* `if (i < 0) a[i] = ...`: negative on every path here */
	else if ((known & SCI_VALUE_MAX_KNOWN) && max < 0)
		sci_report(me, pos, sci_expr_text(array),
			   "index '%s' is at most %lld here, before the start of '%s'",
			   sci_expr_text(index), max, sci_expr_text(array));
}

/*
 * `p->c` where p points into an object too small for the member: a
 * struct laid over a buffer (`p = (struct s *)buf;` with buf shorter than
 * the members read), or a block allocated for a smaller type.  Only at
 * one known offset, into an object of this function's (a caller's object
 * is left out, as for pointers).
 */
static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *pointer;
	long long off, size, at;
	sci_object o;

	(void)payload;
	if (!sci_expr_member_access(e, &pointer, &off, &size) ||
	    !sci_value_object(pointer, &o) || o.kind == SCI_OBJECT_CALLER ||
	    o.known != (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) ||
	    o.off_min != o.off_max || o.off_min < 0 || o.off_min >= o.size)
		return;
	at = o.off_min + off;
	if (at + size <= o.size)
		return;
	sci_report(me, sci_expr_pos(e), sci_expr_text(e),
		   "'%s' is %lld %s at %lld %s into '%s', which has %lld: past its end",
		   sci_expr_text(e), size, bytes(size), at, bytes(at), o.name,
		   o.size);
}

/* A function walked again (with its callers' values) starts afresh. */
static void on_func_start(sci_sym *fn, void *payload)
{
	last_address = NULL;
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_deref(me, on_deref, NULL);
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_array_overflow = {
	.rule = "array-overflow",
	.summary = "array index or pointer that can reach past the end or before the start",
	.description = "An index into an array whose size the type gives can, "
		       "on this path, be at least the number of elements or "
		       "negative, or a pointer into an array or a block of "
		       "known size is dereferenced where it can point past its "
		       "end or before its start: a read or write outside the "
		       "object.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-787",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
