// SPDX-License-Identifier: MIT
/*
 * buffer-overflow: a library function that copies, fills or reads a
 * length of bytes (memcpy, memset, strncpy, snprintf, fgets, read,
 * recv...) is told to go past the end of a buffer whose size is known, or
 * gets a pointer before its start, on some path.
 *
 *	char name[16];
 *	memcpy(name, src, 32);		// 32 bytes into 16
 *	strcpy(name, "a string longer than sixteen");
 *
 * The buffer and where the pointer is in it come from the value layer
 * (sci_value_object): arrays with a size in their type, `&x`, string
 * literals, blocks of a size the value model knows exactly (`malloc(50)`),
 * through copies and pointer arithmetic (`p = buf + 8`).  The length
 * comes from the value model: a constant, or the largest value a path
 * gave it (`n = big ? 100 : 10;`); a length whose bound only its type
 * gives is not reported.  A pointer with several offsets and a length with
 * several values are not added up: they are often tied (`memmove(b, b +
 * n, size - n)`) in a way the model does not keep.
 * The source of memcpy/memmove/memcmp is checked the same way (an
 * over-read), and strcpy() of a string literal counts the literal.  The
 * string functions (strcpy, strcat, strncat, their wide forms) are
 * checked for a pointer before either string's start, and strncat() for
 * a bound larger than the whole destination:
 *
 *	char name[16];
 *	strncat(name, s, 64);		// appends up to 64 and a NUL into 16
 *
 * With a string of known length (sci_value_strlen(): a literal, or an
 * array whose every write the engine saw), strcpy() and strcat() count
 * the bytes they write.
 *
 * Known false-positive sources: a length bounded by a relation the model
 * does not keep (`if (n > sizeof buf) return;` is kept; a bound through a
 * struct field the caller checked is not), and a buffer at the end of a
 * struct used as a flexible array (`char data[4]` past which the program
 * allocated more) - arrays of 0 or 1 elements are never objects.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

typedef struct {
	const char *name;
	int buf;		/* the buffer argument */
	int len;		/* the length argument */
	int scale;		/* bytes per unit of the length */
	int reads;		/* 1: it reads the buffer, 0: it writes it */
} access_fn;

static const access_fn table[] = {
	{ "memcpy", 0, 2, 1, 0 }, { "memcpy", 1, 2, 1, 1 },
	{ "memmove", 0, 2, 1, 0 }, { "memmove", 1, 2, 1, 1 },
	{ "mempcpy", 0, 2, 1, 0 }, { "mempcpy", 1, 2, 1, 1 },
	{ "memset", 0, 2, 1, 0 },
	{ "memcmp", 0, 2, 1, 1 }, { "memcmp", 1, 2, 1, 1 },
	{ "bzero", 0, 1, 1, 0 }, { "explicit_bzero", 0, 1, 1, 0 },
	{ "strncpy", 0, 2, 1, 0 }, { "stpncpy", 0, 2, 1, 0 },
	{ "snprintf", 0, 1, 1, 0 }, { "vsnprintf", 0, 1, 1, 0 },
	{ "fgets", 0, 1, 1, 0 },
	{ "read", 1, 2, 1, 0 }, { "pread", 1, 2, 1, 0 },
	{ "recv", 1, 2, 1, 0 }, { "recvfrom", 1, 2, 1, 0 },
	{ "write", 1, 2, 1, 1 }, { "send", 1, 2, 1, 1 },
	{ "wmemcpy", 0, 2, 4, 0 }, { "wmemcpy", 1, 2, 4, 1 },
	{ "wmemmove", 0, 2, 4, 0 }, { "wmemmove", 1, 2, 4, 1 },
	{ "wmemset", 0, 2, 4, 0 }, { "wcsncpy", 0, 2, 4, 0 },
	{ "__builtin_memcpy", 0, 2, 1, 0 }, { "__builtin_memcpy", 1, 2, 1, 1 },
	{ "__builtin_memmove", 0, 2, 1, 0 }, { "__builtin_memmove", 1, 2, 1, 1 },
	{ "__builtin_memset", 0, 2, 1, 0 },
	{ "__builtin___memcpy_chk", 0, 2, 1, 0 },
	{ "__builtin___memcpy_chk", 1, 2, 1, 1 },
	{ "__builtin___memmove_chk", 0, 2, 1, 0 },
	{ "__builtin___memset_chk", 0, 2, 1, 0 },
	{ "__builtin___strncpy_chk", 0, 2, 1, 0 },
	{ "__builtin___snprintf_chk", 0, 1, 1, 0 },
};

/*
 * A string function's arguments: the string it writes into and the one
 * it reads, and the argument bounding what strncat() appends (-1: none).
 */
typedef struct {
	const char *name;
	int dst, src, bound;
	int scale;		/* bytes per character */
	int cat;		/* appends after what dst holds */
} string_fn;

static const string_fn strings[] = {
	{ "strcpy", 0, 1, -1, 1, 0 }, { "stpcpy", 0, 1, -1, 1, 0 },
	{ "strcat", 0, 1, -1, 1, 1 }, { "strncat", 0, 1, 2, 1, 1 },
	{ "wcscpy", 0, 1, -1, 4, 0 }, { "wcscat", 0, 1, -1, 4, 1 },
	{ "wcsncat", 0, 1, 2, 4, 1 },
	{ "__builtin___strcpy_chk", 0, 1, -1, 1, 0 },
	{ "__builtin___strcat_chk", 0, 1, -1, 1, 1 },
	{ "__builtin___strncat_chk", 0, 1, 2, 1, 1 },
};

/* @buf points before the start of its object: reported, 1. */
static int before_start(sci_expr *call, sci_expr *buf, int reads)
{
	sci_object o;

	if (!sci_value_object(buf, &o) ||
	    !(o.known & SCI_VALUE_MIN_KNOWN) || o.off_min >= 0)
		return 0;
	sci_report(me, sci_expr_pos(call), o.name,
		   "buffer %s: %s() %s %s '%s' %lld bytes before its start",
		   reads ? "under-read" : "underwrite", sci_call_name(call),
		   reads ? "reads" : "writes", reads ? "from" : "into",
		   o.name, -o.off_min);
	return 1;
}

/*
 * Reports @call's access of @bytes_min..@bytes_max bytes through @buf when
 * it can leave the object.  @exact: the lower bound is a length every path
 * gives (a constant), not only the largest one.  @at_least: the access is
 * that long or longer (strcat() after a string of unknown length).
 */
static void check_access(sci_expr *call, sci_expr *buf, long long min,
			 long long max, int exact, int reads, int at_least)
{
	const char *verb = reads ? "reads" : "writes", *prep = reads ? "from" : "into";
	sci_object o;
	long long room;

	if (!sci_value_object(buf, &o) || max <= 0 ||
	    before_start(call, buf, reads))
		return;
	if (!(o.known & SCI_VALUE_MAX_KNOWN) || o.off_max > o.size)
		return;
	/*
	 * An offset with several values and a length with several: the two
	 * are often tied (`memmove(b, b + n, size - n)`) in a way the value
	 * model does not keep.
	 */
	if (o.off_min != o.off_max && min != max)
		return;
	/*
	 * A caller's object (its size from a walk with its callers' values)
	 * pairs with a length the tuple fixes, not with one the callee
	 * computes from what else it reads (busybox sha1_end(): 20 or 32
	 * bytes by the context's mode).
	 */
	if (o.kind == SCI_OBJECT_CALLER &&
	    (!exact || min != max || o.off_min != o.off_max))
		return;
	room = o.size - o.off_max;
	if (max <= room)
		return;
	if (exact && min == max)
		sci_report(me, sci_expr_pos(call), o.name,
			   "buffer %s: %s() %s %s%lld bytes %s '%s', which has %lld%s",
			   reads ? "over-read" : "overflow", sci_call_name(call), verb,
			   at_least ? "at least " : "", max, prep, o.name, room,
			   o.off_max ? " left at that offset" : "");
	else
		sci_report(me, sci_expr_pos(call), o.name,
			   "buffer %s: %s() %s up to %lld bytes %s '%s', which has %lld%s",
			   reads ? "over-read" : "overflow", sci_call_name(call), verb,
			   max, prep, o.name, room,
			   o.off_max ? " left at that offset" : "");
}

static void check(sci_expr *call, sci_expr *buf, long long min, long long max,
		  int exact, int reads)
{
	check_access(call, buf, min, max, exact, reads, 0);
}

/*
 * What a string function writes from the destination's start, when the
 * string it copies has a known length (sci_value_strlen()): strcpy()
 * writes it and a NUL, strcat() after what the destination holds (when
 * that is unknown, at least as much as into an empty one), strncat() at
 * most its bound of it.
 */
static void check_string_length(sci_expr *call, const string_fn *f)
{
	sci_expr *dst = sci_call_arg(call, f->dst);
	long long src, held = 0, n, max;
	int unknown = 0;

	if (!sci_value_strlen(sci_call_arg(call, f->src), f->scale, &src))
		return;
	if (f->bound >= 0) {
		if (sci_value_bounds(sci_call_arg(call, f->bound), &n, &max) !=
		    (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) || n != max ||
		    n < 0)
			return;
		if (src > n)
			src = n;
	}
	if (f->cat && !sci_value_strlen(dst, f->scale, &held))
		unknown = 1;
	check_access(call, dst, (held + src + 1) * f->scale,
		     (held + src + 1) * f->scale, 1, 0, unknown);
}

/*
 * strncat(dst, src, n) appends up to n characters and a NUL after what
 * dst holds: an n larger than all of dst is no bound, unless src is a
 * literal that fits.  (`strncat(buf, s, sizeof(buf))` is wrong too, but
 * fits when buf starts empty and s is one shorter: not reported.)
 */
static void check_strncat(sci_expr *call, const string_fn *f)
{
	sci_object o, src;
	long long n, max, room;

	if (sci_value_bounds(sci_call_arg(call, f->bound), &n, &max) !=
	    (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) || n != max || n < 0 ||
	    !sci_value_object(sci_call_arg(call, f->dst), &o) ||
	    o.known != (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) ||
	    o.off_min != o.off_max || o.off_max > o.size)
		return;
	room = (o.size - o.off_max) / f->scale;
	if (n <= room)
		return;
	if (sci_value_object(sci_call_arg(call, f->src), &src) &&
	    src.kind == SCI_OBJECT_STRING && src.off_min == src.off_max &&
	    src.size - src.off_max <= room * f->scale)
		return;
	sci_report(me, sci_expr_pos(call), o.name,
		   "buffer overflow: %s() appends up to %lld characters and a NUL to '%s', which has room for %lld: its bound must leave room for what it holds and the NUL",
		   sci_call_name(call), n, o.name, room);
}

/*
 * String functions: a pointer before the start of either string, an
 * unbounded strncat(), and the bytes written when the string copied has
 * a known length (a literal's, its NUL included).
 */
static int check_string_call(sci_expr *call, const char *name)
{
	const string_fn *f = NULL;
	size_t i;

	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		if (strcmp(strings[i].name, name) == 0)
			f = &strings[i];
	if (!f)
		return 0;
	if (before_start(call, sci_call_arg(call, f->dst), 0) |
	    before_start(call, sci_call_arg(call, f->src), 1))
		return 1;
	if (f->bound >= 0) {
		sci_expr *from = sci_call_arg(call, f->src);
		long long n;

		/* a known string says more than the bound */
		if (!sci_value_strlen(from, f->scale, &n)) {
			check_strncat(call, f);
			return 1;
		}
	}
	check_string_length(call, f);
	return 1;
}

/*
 * Functions that read a string from argument @arg, at least its first
 * character unless the bound @len (-1: none) is 0: a pointer before the
 * start of its object is read there (strncpy's source bounded by a
 * length larger than the object says nothing: it stops at the NUL).
 */
static const struct {
	const char *name;
	int arg, len;
} string_reads[] = {
	{ "strncpy", 1, 2 }, { "stpncpy", 1, 2 }, { "wcsncpy", 1, 2 },
	{ "__builtin___strncpy_chk", 1, 2 }, { "strnlen", 0, 1 },
	{ "strlen", 0, -1 }, { "wcslen", 0, -1 },
};

static void check_string_read(sci_expr *call, const char *name)
{
	long long n;
	size_t i;

	for (i = 0; i < sizeof(string_reads) / sizeof(string_reads[0]); i++) {
		if (strcmp(string_reads[i].name, name) != 0)
			continue;
		if (string_reads[i].len >= 0 &&
		    sci_value_known(sci_call_arg(call, string_reads[i].len),
				    &n) && n == 0)
			return;
		before_start(call, sci_call_arg(call, string_reads[i].arg), 1);
		return;
	}
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	long long min, max;
	size_t i;
	int known;

	(void)payload;
	if (!name)
		return;
	if (check_string_call(call, name))
		return;
	check_string_read(call, name);
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		const access_fn *f = &table[i];
		sci_expr *len;

		if (strcmp(f->name, name) != 0 || !(len = sci_call_arg(call, f->len)))
			continue;
		known = sci_value_bounds(len, &min, &max);
		if (!(known & SCI_VALUE_MAX_KNOWN) || min < 0 ||
		    max > (1LL << 40))
			continue;
		check(call, sci_call_arg(call, f->buf), min * f->scale,
		      max * f->scale, (known & SCI_VALUE_MIN_KNOWN) != 0, f->reads);
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_buffer_overflow = {
	.rule = "buffer-overflow",
	.summary = "a copy, fill or read goes past the end of a buffer",
	.description = "A library function that copies, fills or reads a length "
		       "of bytes (memcpy, memset, strncpy, snprintf, fgets, read, "
		       "recv...) is given a length larger than what is left of a "
		       "buffer of known size, or a pointer before its start, on "
		       "some path.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-120",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
