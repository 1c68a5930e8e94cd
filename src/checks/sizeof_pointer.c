// SPDX-License-Identifier: MIT
/*
 * sizeof-pointer: the size of a pointer where the size of what it points
 * to was meant, in an allocation or a buffer call: `sizeof(p)` for
 * `sizeof(*p)`.
 *
 *	struct conf *c = malloc(sizeof(c));	// 8 bytes, not a struct conf
 *	memset(c, 0, sizeof(c));		// clears 8 bytes of it
 *	void copy_name(char *dst, const char *s) {
 *		strncpy(dst, s, sizeof(dst));	// copies at most 8
 *
 * Reported: `p = alloc(... sizeof(p) ...)` for any allocator the library
 * models or the project profile know (malloc, calloc, realloc, xmalloc...,
 * also `n * sizeof(p)`), and the size argument of memset, memcpy,
 * memmove, memcmp, bzero, strncpy, strncat, strlcpy, strlcat, snprintf,
 * vsnprintf, fgets, read and write when it is `sizeof(b)` (or a multiple
 * of it) with b the buffer argument itself.  b must be a pointer: an array
 * (`char buf[64]`) has the size sizeof says; a parameter declared as an
 * array is a pointer and is reported.
 *
 * Not reported: a pointer to a pointer (`char **v = malloc(n * sizeof(v))`
 * allocates pointers of the same size), an allocation of a `void *`
 * (nothing tells what was meant), `sizeof(type)` (the type names the
 * element), and sizeof written in a macro expansion.
 *
 * Each finding carries a fix (SARIF `fixes[]`): `*` written before the
 * operand, `sizeof(p)` -> `sizeof(*p)`, `sizeof(s->p)` -> `sizeof(*s->p)`;
 * none where that would not apply to the whole operand (`(*p).m`), nor
 * for a buffer of bytes (`strncpy(dst, s, sizeof(dst))` with `char *dst`:
 * `sizeof(*dst)` is 1, and the length meant is not in the call).
 *
 * False positives: code that means to allocate or copy a pointer's worth
 * of bytes through a pointer of another type (`long *p = malloc(sizeof(p))`).
 *
 * Sibling: array-overflow follows sizes through values; this one is
 * about how the size is written.
 */
#include "analyzer/checker.h"

#include <stdio.h>
#include <string.h>

static sci_checker_id me;

/* Library calls with a buffer argument and a size argument for it. */
static const struct {
	const char *name;
	int buf[2];	/* buffer arguments (-1: none) */
	int size;	/* its size argument */
} buffer_calls[] = {
	{ "memset", { 0, -1 }, 2 },	{ "memcpy", { 0, 1 }, 2 },
	{ "memmove", { 0, 1 }, 2 },	{ "memcmp", { 0, 1 }, 2 },
	{ "bzero", { 0, -1 }, 1 },	{ "explicit_bzero", { 0, -1 }, 1 },
	{ "strncpy", { 0, -1 }, 2 },	{ "strncat", { 0, -1 }, 2 },
	{ "strlcpy", { 0, -1 }, 2 },	{ "strlcat", { 0, -1 }, 2 },
	{ "snprintf", { 0, -1 }, 1 },	{ "vsnprintf", { 0, -1 }, 1 },
	{ "fgets", { 0, -1 }, 1 },	{ "read", { 1, -1 }, 2 },
	{ "write", { 1, -1 }, 2 },
};

/* `sizeof expr` in @e itself, or as a factor of a product; else NULL. */
static sci_expr *sizeof_of(sci_expr *e, sci_expr **sz)
{
	sci_expr *operand, *l, *r;

	if (sci_expr_sizeof(e, &operand)) {
		*sz = sci_expr_strip(e);
		return operand;
	}
	if (sci_expr_binop(e, &l, &r) != '*' || sci_expr_assign(sci_expr_strip(e), &l, &r))
		return NULL;
	operand = sizeof_of(l, sz);
	return operand ? operand : sizeof_of(r, sz);
}

/*
 * True when `sizeof(operand)` is the pointer's size where its pointee's
 * was meant; @alloc: an allocation (a void * gives no hint there).
 */
static int is_pointer_size(sci_expr *operand, sci_expr *sz, int alloc)
{
	if (!sci_expr_is_pointer(operand) || sci_expr_is_array(operand) ||
	    sci_expr_pointee_is_pointer(operand))
		return 0;
	if (alloc && sci_expr_pointee_size(operand) == 0)
		return 0;
	return !sci_pos_macro(sci_expr_pos(sz)) &&
	       !sci_pos_macro(sci_expr_pos(operand));
}

/*
 * The fix writes `*` before the operand: `sizeof(p)` -> `sizeof(*p)`.
 * Not for a buffer of bytes (`char *dst`): `sizeof(*dst)` is 1, and the
 * length meant is one the call cannot tell.
 */
static void report(sci_expr *sz, sci_expr *operand, const char *what)
{
	const char *name = sci_expr_text(operand);
	sci_expr *at = sci_expr_prefix_point(operand);
	sci_finding *f;
	char fixed[256];
	const char *var;

	if (sci_expr_pointee_size(operand) <= 1) {
		sci_report(me, sci_expr_pos(sz), name,
			   "'sizeof(%s)' is the size of the pointer, not of %s: for bytes, their count was probably meant",
			   name, what);
		return;
	}
	f = sci_report(me, sci_expr_pos(sz), name,
		       "'sizeof(%s)' is the size of the pointer, not of %s: 'sizeof(*%s)' was probably meant",
		       name, what, name);
	if (!f || !at)
		return;
	var = sci_sym_name(sci_expr_symbol(at));
	snprintf(fixed, sizeof(fixed), "*%s", var);
	sci_finding_fix(f, sci_expr_pos(at), var, fixed);
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	sci_expr *sz = NULL, *operand, *buf;
	size_t i;
	int j;

	if (!name)
		return;
	for (i = 0; i < sizeof(buffer_calls) / sizeof(buffer_calls[0]); i++) {
		if (strcmp(buffer_calls[i].name, name))
			continue;
		operand = sizeof_of(sci_call_arg(call, buffer_calls[i].size), &sz);
		if (!operand || !sci_key_expr(operand))
			return;
		for (j = 0; j < 2 && buffer_calls[i].buf[j] >= 0; j++) {
			buf = sci_call_arg(call, buffer_calls[i].buf[j]);
			if (sci_key_expr(buf) == sci_key_expr(operand) &&
			    is_pointer_size(operand, sz, 0)) {
				report(sz, operand, "the buffer");
				return;
			}
		}
		return;
	}
}

static void on_alloc(sci_expr *call, sci_expr *left, void *payload)
{
	const char *name = sci_call_name(call);
	const sci_key *key = sci_key_expr(left);
	sci_expr *sz = NULL, *operand;
	int i, n = sci_call_nargs(call);

	if (!key || !name || !sci_profile_is_alloc(name))
		return;
	for (i = 0; i < n; i++) {
		sz = NULL;
		operand = sizeof_of(sci_call_arg(call, i), &sz);
		if (operand && sci_key_expr(operand) == key &&
		    is_pointer_size(operand, sz, 1)) {
			report(sz, operand, "the memory allocated for it");
			return;
		}
		if (sz && !operand && sci_expr_sizeof_type_of(sz, left) &&
		    is_pointer_size(left, sz, 1)) {
			sci_report(me, sci_expr_pos(sz), sci_expr_text(left),
				   "'sizeof' of the type of '%s' itself, a pointer, not of what it points to: 'sizeof(*%s)' was probably meant",
				   sci_expr_text(left), sci_expr_text(left));
			return;
		}
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_call_assign(me, NULL, on_alloc, NULL);
}

const struct sci_checker sci_checker_sizeof_pointer = {
	.rule = "sizeof-pointer",
	.summary = "sizeof of a pointer where the size of what it points to was meant",
	.description = "An allocation or a buffer call (memset, memcpy, "
		       "strncpy, snprintf...) is given `sizeof(p)` for a "
		       "pointer p, the size of the pointer itself, where the "
		       "size of what p points to, `sizeof(*p)`, was meant.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-467",
	.tags = "memory correctness",
	.enabled_by_default = 1,
	.init = init,
};
