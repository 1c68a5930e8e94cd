/*
 * rlops.c - C's integer arithmetic on range lists (contract in
 * engine_int.h, "Typed operations").
 *
 * Every operation computes on mathematical values (128 bits hold any
 * product of two 64-bit values but one, which is checked), then converts
 * the result to the C type, wrapping modulo 2^bits as the machine does.
 * This gives C's unsigned arithmetic exactly, and for signed overflow the
 * value gcc's code would produce in practice.  A result is a superset of
 * the values the operation can produce, never a subset: where bounds
 * cannot be tight cheaply, they are the type's.
 *
 * No sparse types here, so tests/unit/analyzer/test_rlops.c can walk every
 * operator across the edges (INT_MIN, UINT64_MAX, shifts past the width,
 * division by a range holding 0, narrowing casts).
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <limits.h>

typedef unsigned __int128 sci_uval;

static sci_val vmin(sci_val a, sci_val b)
{
	return a < b ? a : b;
}

static sci_val vmax(sci_val a, sci_val b)
{
	return a > b ? a : b;
}

static const sci_rl *universe(void)
{
	return sci_rl_type(sci_vt(0, 0));
}

static const sci_rl *empty(void)
{
	return sci_rl_range(1, 0);
}

sci_vtype sci_vt(unsigned bits, int uns)
{
	sci_vtype t = { 0, 0, 0 };

	if (bits >= 1 && bits <= 64) {
		t.bits = (unsigned char)bits;
		t.uns = uns ? 1 : 0;
	}
	return t;
}

sci_val sci_vt_min(sci_vtype t)
{
	if (!t.bits)
		return SCI_VAL_MIN;
	if (t.uns || t.is_bool)
		return 0;
	return -((sci_val)1 << (t.bits - 1));
}

sci_val sci_vt_max(sci_vtype t)
{
	if (!t.bits)
		return SCI_VAL_MAX;
	if (t.is_bool)
		return 1;
	if (t.uns)
		return ((sci_val)1 << t.bits) - 1;
	return ((sci_val)1 << (t.bits - 1)) - 1;
}

/*
 * A type's list, made once per process (malloc, never freed: at most 130
 * types of 1..64 bits, signed, unsigned and _Bool, plus "unknown"): it is
 * asked for at every read of a key.
 */
static const sci_rl *type_lists[65][3];

const sci_rl *sci_rl_type(sci_vtype t)
{
	int kind = t.is_bool ? 2 : t.uns ? 1 : 0;
	sci_rl *rl;

	if (!type_lists[t.bits][kind]) {
		rl = sci_malloc(sizeof(*rl) + sizeof(sci_range));
		rl->n = 1;
		rl->r[0].min = sci_vt_min(t);
		rl->r[0].max = sci_vt_max(t);
		/* bounds that only the type gives are soft */
		rl->soft = SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX;
		type_lists[t.bits][kind] = rl;
	}
	return type_lists[t.bits][kind];
}

sci_vtype sci_vt_promote(sci_vtype t)
{
	if (t.bits && (t.is_bool || t.bits < 32))
		return sci_vt(32, 0);
	return t;
}

sci_vtype sci_vt_common(sci_vtype a, sci_vtype b)
{
	a = sci_vt_promote(a);
	b = sci_vt_promote(b);
	if (!a.bits || !b.bits)
		return a.bits ? a : b;
	if (a.uns == b.uns)
		return a.bits >= b.bits ? a : b;
	if (a.uns)
		return a.bits >= b.bits ? a : b;
	return b.bits >= a.bits ? b : a;
}

/* @v modulo 2^bits, as a value of @t. */
static sci_val wrap(sci_val v, sci_vtype t)
{
	sci_val m = (sci_val)1 << t.bits;
	sci_val r = v % m;

	if (r < 0)
		r += m;
	if (!t.uns && r > sci_vt_max(t))
		r -= m;
	return r;
}

/* Appends [lo, hi] converted to @t to @out. */
static const sci_rl *cast_range(const sci_rl *out, sci_val lo, sci_val hi,
				sci_vtype t)
{
	sci_val a, b;

	if (!t.bits) {
		/* an unknown type holds any value of the number line */
		if (lo < SCI_VAL_MIN || hi > SCI_VAL_MAX)
			return universe();
		return sci_rl_union(out, sci_rl_range(lo, hi));
	}
	if (t.is_bool) {
		if (lo <= 0 && hi >= 0)
			out = sci_rl_union(out, sci_rl_range(0, 0));
		if (lo != 0 || hi != 0)
			out = sci_rl_union(out, sci_rl_range(1, 1));
		return out;
	}
	if (lo >= sci_vt_min(t) && hi <= sci_vt_max(t))
		return sci_rl_union(out, sci_rl_range(lo, hi));
	if (hi - lo >= ((sci_val)1 << t.bits) - 1)
		return sci_rl_type(t);
	a = wrap(lo, t);
	b = wrap(hi, t);
	if (a <= b)
		return sci_rl_union(out, sci_rl_range(a, b));
	out = sci_rl_union(out, sci_rl_range(a, sci_vt_max(t)));
	return sci_rl_union(out, sci_rl_range(sci_vt_min(t), b));
}

/* @out's bounds are as soft as @soft says, or softer if they already are */
static const sci_rl *soften(const sci_rl *out, unsigned soft)
{
	return sci_rl_with_soft(out, out->soft | soft);
}

const sci_rl *sci_rl_cast(const sci_rl *rl, sci_vtype t)
{
	const sci_rl *out = empty();
	size_t i;

	/* the common case, a value its type holds already, costs nothing */
	if (!rl->n || (rl->r[0].min >= sci_vt_min(t) &&
		       rl->r[rl->n - 1].max <= sci_vt_max(t) &&
		       !(t.is_bool && (rl->r[0].min < 0 || rl->r[rl->n - 1].max > 1))))
		return rl;

	for (i = 0; i < rl->n; i++)
		out = cast_range(out, rl->r[i].min, rl->r[i].max, t);
	if (rl->n && out->n && out->r[0].min == rl->r[0].min &&
	    out->r[out->n - 1].max == rl->r[rl->n - 1].max)
		return soften(out, rl->soft);	/* nothing wrapped */
	return soften(out, rl->soft ? SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX : 0);
}

/* One range: the list itself, or its hull when it has too many. */
static const sci_rl *capped(const sci_rl *rl)
{
	if (rl->n * rl->n <= SCI_RL_PAIRS)
		return rl;
	return sci_rl_range(rl->r[0].min, rl->r[rl->n - 1].max);
}

/* x * y, or 0 with *ok cleared when 128 bits cannot hold it. */
static sci_val mul(sci_val x, sci_val y, int *ok)
{
	sci_val p;

	if (__builtin_mul_overflow(x, y, &p)) {
		*ok = 0;
		return 0;
	}
	return p;
}

/* The smallest 2^k - 1 >= @v (v >= 0). */
static sci_val ones_cover(sci_val v)
{
	sci_val m = 0;

	while (m < v)
		m = m * 2 + 1;
	return m;
}

/*
 * [lo, hi] of `x & m` for x in [a, b], 0 <= a < b, and m >= 0: the bits of
 * x above the highest one in which a and b differ are a's; below it x
 * takes every value from a's low part to b's.  So `t & 63` for t in
 * [128, 137] is 0..9, not 0..63.
 */
static void and_const(sci_val a, sci_val b, sci_val m, sci_val *lo,
		      sci_val *hi)
{
	sci_val low = ones_cover(a ^ b), high = a & ~low;

	if ((m & low) == low) {
		/* the mask keeps every bit that varies */
		*lo = (high & m) + (a & low);
		*hi = (high & m) + (b & low);
	} else {
		*lo = high & m;
		*hi = (high & m) + vmin(b & low, m & low);
	}
}

/* C's division and remainder truncate toward zero, as __int128's do. */

/*
 * [lo, hi] of `x op y` for x in [a, b], y in [c, d] (all in one type), or
 * 0 when the pair gives no defined value or no cheap bound (*lo > *hi
 * then means "no defined value", *lo <= *hi with the return 0 means "use
 * the type").
 */
static int pair(int op, sci_val a, sci_val b, sci_val c, sci_val d,
		sci_vtype t, sci_val *lo, sci_val *hi)
{
	sci_val v[4], m;
	int ok = 1, i;

	switch (op) {
	case SCI_OP_ADD:
		*lo = a + c;
		*hi = b + d;
		return 1;
	case SCI_OP_SUB:
		*lo = a - d;
		*hi = b - c;
		return 1;
	case SCI_OP_MUL:
		if (a == b && c == d && t.bits) {
			/* exact modulo 2^128, so exact modulo 2^bits */
			*lo = *hi = (sci_val)((sci_uval)a * (sci_uval)c);
			return 1;
		}
		v[0] = mul(a, c, &ok);
		v[1] = mul(a, d, &ok);
		v[2] = mul(b, c, &ok);
		v[3] = mul(b, d, &ok);
		break;
	case SCI_OP_DIV:
		/* 0 is not a divisor: split around it */
		if (c == 0)
			c = 1;
		if (d == 0)
			d = -1;
		if (c > d) {
			*lo = 1;
			*hi = 0;
			return 0;
		}
		if (c < 0 && d > 0) {
			sci_val l1, h1, l2, h2;

			pair(op, a, b, c, -1, t, &l1, &h1);
			pair(op, a, b, 1, d, t, &l2, &h2);
			*lo = vmin(l1, l2);
			*hi = vmax(h1, h2);
			return 1;
		}
		v[0] = a / c;
		v[1] = a / d;
		v[2] = b / c;
		v[3] = b / d;
		break;
	case SCI_OP_MOD:
		if (c == 0 && d == 0) {
			*lo = 1;
			*hi = 0;
			return 0;
		}
		if (a == b && c == d) {
			*lo = *hi = a % c;
			return 1;
		}
		m = vmax(c < 0 ? -c : c, d < 0 ? -d : d) - 1;
		*lo = a >= 0 ? 0 : vmax(a, -m);
		*hi = b <= 0 ? 0 : vmin(b, m);
		return 1;
	case SCI_OP_AND:
		if (a == b && c == d) {
			*lo = *hi = a & c;
			return 1;
		}
		if (a >= 0 && c >= 0 && (a == b || c == d)) {
			and_const(a == b ? c : a, a == b ? d : b, a == b ? a : c,
				  lo, hi);
			return 1;
		}
		if (a >= 0 && c >= 0) {
			*lo = 0;
			*hi = vmin(b, d);
			return 1;
		}
		if (a >= 0 || c >= 0) {
			*lo = 0;
			*hi = a >= 0 ? b : d;
			return 1;
		}
		return 0;
	case SCI_OP_OR:
	case SCI_OP_XOR:
		if (a == b && c == d) {
			*lo = *hi = op == SCI_OP_OR ? (a | c) : (a ^ c);
			return 1;
		}
		if (a < 0 || c < 0)
			return 0;
		*lo = op == SCI_OP_OR ? vmax(a, c) : 0;
		*hi = ones_cover(vmax(b, d));
		return 1;
	case SCI_OP_SHL:
	case SCI_OP_SHR:
		/* counts at or past the width are undefined: not a result */
		c = vmax(c, 0);
		d = vmin(d, (sci_val)(t.bits ? t.bits : 64) - 1);
		if (c > d) {
			*lo = 1;
			*hi = 0;
			return 0;
		}
		if (op == SCI_OP_SHL) {
			/* a negative left operand is undefined too */
			if (a < 0 || b >= ((sci_val)1 << 62) ||
			    d >= 64)
				return 0;
			*lo = a << c;
			*hi = b << d;
			return 1;
		}
		v[0] = a >> c;
		v[1] = a >> d;
		v[2] = b >> c;
		v[3] = b >> d;
		break;
	default:
		return 0;
	}
	if (!ok)
		return 0;
	*lo = *hi = v[0];
	for (i = 1; i < 4; i++) {
		*lo = vmin(*lo, v[i]);
		*hi = vmax(*hi, v[i]);
	}
	return 1;
}

static const sci_rl *binop(int op, const sci_rl *l, const sci_rl *r,
			   sci_vtype t);

/*
 * A result bound is soft when a bound it was computed from is: for + and
 * - bound by bound, for the other operators any soft input softens both.
 */
const sci_rl *sci_rl_binop(int op, const sci_rl *l, const sci_rl *r,
			   sci_vtype t)
{
	const sci_rl *out = binop(op, l, r, t);
	unsigned ls = l->soft, rs = r->soft, soft;

	if (op == SCI_OP_ADD)
		soft = ls | rs;
	else if (op == SCI_OP_SUB)
		soft = (ls & SCI_RL_SOFT_MIN) | (rs & SCI_RL_SOFT_MAX ? SCI_RL_SOFT_MIN : 0) |
		       (ls & SCI_RL_SOFT_MAX) | (rs & SCI_RL_SOFT_MIN ? SCI_RL_SOFT_MAX : 0);
	else
		soft = (ls | rs) ? SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX : 0;
	if (!out->n)
		return out;
	out = soften(out, soft);
	/* a result that says nothing is the type's list: no copy kept */
	if (out->soft == (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX) &&
	    sci_rl_equal(out, sci_rl_type(t)))
		return sci_rl_type(t);
	return out;
}

static const sci_rl *binop(int op, const sci_rl *l, const sci_rl *r,
			   sci_vtype t)
{
	const sci_rl *out = empty();
	size_t i, j;
	int undefined_only = 1;

	if (sci_rl_is_empty(l) || sci_rl_is_empty(r))
		return empty();
	if (op == SCI_OP_DIV || op == SCI_OP_MOD) {
		/* x / 0 is undefined: split the divisor around it */
		r = sci_rl_minus(r, sci_rl_range(0, 0));
		if (sci_rl_is_empty(r))
			return sci_rl_type(t);
	}
	/* each side at most sqrt(SCI_RL_PAIRS) ranges: at most that many pairs */
	l = capped(l);
	r = capped(r);
	for (i = 0; i < l->n; i++) {
		for (j = 0; j < r->n; j++) {
			sci_val lo = 0, hi = -1;

			if (!pair(op, l->r[i].min, l->r[i].max, r->r[j].min,
				  r->r[j].max, t, &lo, &hi)) {
				if (lo > hi)
					continue;	/* all undefined */
				return sci_rl_type(t);
			}
			undefined_only = 0;
			/*
			 * Signed overflow is undefined: where only part of a
			 * range overflows, the program does not go there (a
			 * loop counter's ++ does not make it negative).  When
			 * all of it does, the machine's wrapped value is kept.
			 */
			if (t.bits && !t.uns && !t.is_bool && hi >= sci_vt_min(t) &&
			    lo <= sci_vt_max(t)) {
				lo = vmax(lo, sci_vt_min(t));
				hi = vmin(hi, sci_vt_max(t));
			}
			out = cast_range(out, lo, hi, t);
		}
	}
	if (undefined_only)
		return sci_rl_type(t);
	return out;
}

const sci_rl *sci_rl_unop(int op, const sci_rl *rl, sci_vtype t)
{
	const sci_rl *out = empty();
	unsigned soft = (rl->soft & SCI_RL_SOFT_MIN ? SCI_RL_SOFT_MAX : 0) |
			(rl->soft & SCI_RL_SOFT_MAX ? SCI_RL_SOFT_MIN : 0);
	size_t i;

	for (i = 0; i < rl->n; i++) {
		sci_val lo = -rl->r[i].max, hi = -rl->r[i].min;

		if (op == SCI_OP_BNOT) {
			/* ~x == -x - 1 in two's complement */
			lo--;
			hi--;
		} else if (op != SCI_OP_NEG) {
			return sci_rl_type(t);
		}
		out = cast_range(out, lo, hi, t);
	}
	return out->n ? soften(out, soft) : out;	/* -x swaps the bounds */
}

/* Which bounds of a compare_sides() result are soft. */
static unsigned side_soft(int op, int truth, unsigned other)
{
	int below = (op == SCI_OP_LT || op == SCI_OP_LE) == truth;

	/* x < y true: x in [type min, y max - 1]; false: [y min, type max] */
	if (below)
		return SCI_RL_SOFT_MIN |
		       (other & SCI_RL_SOFT_MAX ? SCI_RL_SOFT_MAX : 0);
	return SCI_RL_SOFT_MAX | (other & SCI_RL_SOFT_MIN ? SCI_RL_SOFT_MIN : 0);
}

void sci_rl_compare_sides(int op, const sci_rl *other, sci_vtype t,
			  const sci_rl **when_true, const sci_rl **when_false)
{
	sci_val tmin = sci_vt_min(t), tmax = sci_vt_max(t), lo, hi;
	const sci_rl *all = sci_rl_type(t);

	if (sci_rl_is_empty(other)) {
		*when_true = *when_false = empty();
		return;
	}
	lo = other->r[0].min;
	hi = other->r[other->n - 1].max;
	switch (op) {
	case SCI_OP_EQ:
	case SCI_OP_NE: {
		const sci_rl *eq = sci_rl_intersect(other, all);
		const sci_rl *ne = sci_rl_single(eq, NULL) ?
			sci_rl_minus(all, eq) : all;

		*when_true = op == SCI_OP_EQ ? eq : ne;
		*when_false = op == SCI_OP_EQ ? ne : eq;
		return;
	}
	case SCI_OP_LT:
		*when_true = sci_rl_range(tmin, hi - 1);
		*when_false = sci_rl_range(lo, tmax);
		break;
	case SCI_OP_LE:
		*when_true = sci_rl_range(tmin, hi);
		*when_false = sci_rl_range(lo + 1, tmax);
		break;
	case SCI_OP_GT:
		*when_true = sci_rl_range(lo + 1, tmax);
		*when_false = sci_rl_range(tmin, hi);
		break;
	case SCI_OP_GE:
		*when_true = sci_rl_range(lo, tmax);
		*when_false = sci_rl_range(tmin, hi - 1);
		break;
	default:
		*when_true = *when_false = all;
		return;
	}
	/* a type's end is soft; a bound taken from @other is as @other's */
	*when_true = soften(*when_true, side_soft(op, 1, other->soft));
	*when_false = soften(*when_false, side_soft(op, 0, other->soft));
}

int sci_rl_compare_known(int op, const sci_rl *l, const sci_rl *r)
{
	sci_val lmin, lmax, rmin, rmax, v;

	if (sci_rl_is_empty(l) || sci_rl_is_empty(r))
		return -1;
	lmin = l->r[0].min;
	lmax = l->r[l->n - 1].max;
	rmin = r->r[0].min;
	rmax = r->r[r->n - 1].max;
	switch (op) {
	case SCI_OP_EQ:
	case SCI_OP_NE:
		if (sci_rl_is_empty(sci_rl_intersect(l, r)))
			return op == SCI_OP_NE;
		if (sci_rl_single(l, &v) && sci_rl_single(r, NULL))
			return op == SCI_OP_EQ;
		return -1;
	case SCI_OP_LT:
		return lmax < rmin ? 1 : lmin >= rmax ? 0 : -1;
	case SCI_OP_LE:
		return lmax <= rmin ? 1 : lmin > rmax ? 0 : -1;
	case SCI_OP_GT:
		return lmin > rmax ? 1 : lmax <= rmin ? 0 : -1;
	case SCI_OP_GE:
		return lmin >= rmax ? 1 : lmax < rmin ? 0 : -1;
	}
	return -1;
}

const sci_rl *sci_rl_preimage(const sci_rl *allowed, sci_vtype from,
			      sci_vtype to)
{
	const sci_rl *all = sci_rl_type(from);

	if (!to.bits)
		return sci_rl_intersect(allowed, all);
	if (!from.bits)
		return universe();
	if (to.is_bool) {
		const sci_rl *zero = sci_rl_range(0, 0), *out = empty();

		if (!sci_rl_is_empty(sci_rl_intersect(allowed, zero)))
			out = zero;
		if (!sci_rl_is_empty(sci_rl_intersect(allowed, sci_rl_range(1, 1))))
			out = sci_rl_union(out, sci_rl_minus(all, zero));
		return sci_rl_intersect(out, all);
	}
	if (to.bits >= from.bits) {
		/* the conversion is one to one: undo it on its image */
		const sci_rl *image = sci_rl_cast(all, to);

		return sci_rl_cast(sci_rl_intersect(allowed, image), from);
	}
	/* narrowing: values that fit keep their value; the others may wrap
	 * onto anything, so they all stay */
	return sci_rl_union(sci_rl_intersect(allowed, all),
			    sci_rl_minus(all, sci_rl_type(to)));
}
