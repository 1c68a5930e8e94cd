// SPDX-License-Identifier: MIT
/*
 * unsigned-negative: an unsigned variable holds the result of a function
 * that returns negative error codes, and is then tested for being
 * negative, which it never is: the error path is dead.
 *
 *	size_t n = read(fd, buf, sizeof(buf));
 *	if (n < 0)		// never true: -1 became SIZE_MAX
 *		return -errno;
 *
 *	unsigned int ret = parse_header(p);	// returns -EINVAL on error
 *	if ((ret = parse_header(p)) < 0)	// the same, written inline
 *
 * "Returns negative values" comes from sci_call_negative_result(): the
 * callee's summary (a value below 0 on some path, not merely the bottom of
 * an unknown int it passes on), its library model's range=, or a library
 * function with a signed result and no range= (POSIX's -1).  The variable
 * must hold that result on some path reaching the test; an assignment of
 * anything else since ends it.
 *
 * impossible-condition reports every `unsigned < 0` by its types; where
 * this rule applies it says more (which call, which values are lost), so
 * impossible-condition leaves those tests to it (sci_state_possible_of()):
 * one finding per line, under the more precise rule.  When this rule is
 * disabled impossible-condition reports them as before.
 *
 * Not reported: a cast back to a signed type (`(int)n < 0`, that is the
 * fix), a signed variable (`ssize_t n`), tests written in or fed by a
 * macro expansion (a generic `x < 0` in a MIN()/MAX()-like macro is no
 * statement about this x), and results stored through pointers or struct
 * members the engine keys do not reach.
 *
 * False positives: none expected for the test itself (it is always false);
 * the claim about the callee can be wrong where its summary holds a
 * negative value on a path that callers never reach.
 */
#include "analyzer/checker.h"

#include <stdio.h>
#include <string.h>

static sci_checker_id me;

/*
 * The state is named negative_result whatever the callee (impossible-
 * condition asks for that name); its data points to the callee's record.
 */
typedef struct {
	char callee[64];
	long long neg;
	sci_state st;
} source;

#define MAX_SOURCES 64
static source sources[MAX_SOURCES];
static int nsources;
SCI_STATE(other);

static const sci_state *state_for(const char *callee, long long neg)
{
	int i;

	for (i = 0; i < nsources; i++)
		if (strcmp(sources[i].callee, callee) == 0 &&
		    sources[i].neg == neg)
			return &sources[i].st;
	if (nsources == MAX_SOURCES)
		i = MAX_SOURCES - 1;	/* reuse: the text may be imprecise */
	else
		i = nsources++;
	snprintf(sources[i].callee, sizeof(sources[i].callee), "%s", callee);
	sources[i].neg = neg;
	sources[i].st.name = "negative_result";
	sources[i].st.data = &sources[i];
	return &sources[i].st;
}

static void on_func_start(sci_sym *fn, void *payload)
{
	nsources = 0;
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	sci_expr *call = sci_expr_strip(right);
	const sci_key *key = sci_key_expr(left);
	const char *name;
	long long neg;

	if (!key || !sci_expr_is_integer(left) || !sci_expr_is_unsigned(left))
		return;
	if (!sci_expr_is_call(call) || !(name = sci_call_name(call)) ||
	    !sci_call_negative_result(call, &neg))
		return;
	sci_state_set(me, key, state_for(name, neg));
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	if (sci_state_get(me, key))
		sci_state_set(me, key, &other);
}

/* The variable a tested operand reads: `n`, `s->len`, `(n = f())`. */
static const sci_key *tested_key(sci_expr *e)
{
	sci_expr *l, *r;

	e = sci_expr_strip(e);
	if (sci_expr_assign(e, &l, &r) == '=')
		e = l;
	return sci_expr_is_unsigned(e) ? sci_key_expr(e) : NULL;
}

/*
 * The test as written: sci_expr_text() gives "<expression>" for the
 * assignment in `(ret = f()) < 0`; say which one it is.
 */
static const char *test_text(sci_expr *leaf, const sci_key *key,
			     const source *src)
{
	static char buf[256];
	const char *t = sci_expr_text(leaf), *hole = strstr(t, "<expression>");

	if (!hole)
		return t;
	snprintf(buf, sizeof(buf), "%.*s(%s = %s(...))%s", (int)(hole - t), t,
		 sci_key_name(key), src->callee, hole + strlen("<expression>"));
	return buf;
}

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

static void on_condition(sci_expr *leaf, void *payload)
{
	sci_expr *l, *r, *side[2];
	const source *src = NULL;
	const sci_key *key = NULL;
	const sci_sm *sm;
	sci_finding *f;
	sci_pos at;
	size_t i;
	long long v;
	int known, s;

	if (!sci_expr_compare_operands(leaf, &l, &r) || from_macro(leaf) ||
	    from_macro(l) || from_macro(r))
		return;
	known = sci_expr_compare_by_types(leaf);
	if (known < 0)
		return;
	side[0] = l;
	side[1] = r;
	for (s = 0; s < 2 && !src; s++) {
		if (sci_expr_const(side[s], &v) ||
		    !(key = tested_key(side[s])) || !(sm = sci_sm_get(me, key)))
			continue;
		for (i = 0; i < sci_sm_npossible(sm); i++) {
			const sci_state *st = sci_sm_possible_at(sm, i);

			if (st != &other && st && st->data &&
			    strcmp(st->name, "negative_result") == 0) {
				src = st->data;
				if (sci_sm_where(sm, st, &at) < 0)
					at.path = NULL;
				break;
			}
		}
	}
	if (!src)
		return;
	f = sci_report(me, sci_expr_pos(leaf), sci_key_name(key),
		"'%s' is always %s: '%s' is unsigned and holds the result of "
		"%s(), whose negative values (%lld on some path) become large "
		"positive ones", test_text(leaf, key, src), known ? "true" : "false",
		sci_key_name(key), src->callee, src->neg);
	if (f && at.path)
		sci_finding_related(f, at, "the result is stored here");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_condition(me, on_condition, NULL);
}

const struct sci_checker sci_checker_unsigned_negative = {
	.rule = "unsigned-negative",
	.summary = "unsigned variable holding a negative error code tested for < 0",
	.description = "A function that returns negative error codes has its "
		       "result stored in an unsigned variable, which is then "
		       "tested for being negative: the test is never true and "
		       "the error is handled as a large positive value.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-253",
	.tags = "correctness error-handling",
	.enabled_by_default = 1,
	.init = init,
};
