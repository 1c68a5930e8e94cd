/* Unit tests: persistent state trees, merges and implied states. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

static int owner;	/* a checker slot with the default merge */

static int setup(void **state)
{
	sci_analyze_opts opts = { .rules = NULL, .nrules = 0 };
	static const char *none[] = { "no-such-rule" };

	opts.rules = none;
	opts.nrules = 0;
	sci__registry_init(&opts);	/* engine models only */
	owner = sci__nowners++;
	sci__owners[owner].rule = "test";
	sci__owners[owner].enabled = 1;
	sci__keys_reset();
	sci__extra_init();
	return 0;
}

static int teardown(void **state)
{
	sci__nowners--;
	sci_arena_reset();
	return 0;
}

static const sci_state s_a = { "a", NULL }, s_b = { "b", NULL };
static const struct position nopos;

static const sci_stree *with(const sci_stree *t, int o, const char *key,
			     const sci_state *s)
{
	return sci__stree_set(t, sci__sm_leaf(o, sci_key_named(key), s, nopos));
}

static const sci_stree *with_value(const sci_stree *t, const char *key,
				   const char *rl)
{
	return with(t, SCI_OWNER_EXTRA, key, sci__extra_state(sci_rl_parse(rl)));
}

static const char *value_of(const sci_stree *t, const char *key)
{
	const sci_sm *sm = sci__stree_get(t, SCI_OWNER_EXTRA, sci_key_named(key));

	return sm ? sm->state->name : "none";
}

static void test_stree__set_is_persistent(void **state)
{
	const sci_stree *t0 = with(SCI_STREE_EMPTY, owner, "x", &s_a);
	const sci_stree *t1 = with(t0, owner, "x", &s_b);
	const sci_key *x = sci_key_named("x");

	assert_ptr_equal(sci__stree_get(t0, owner, x)->state, &s_a);
	assert_ptr_equal(sci__stree_get(t1, owner, x)->state, &s_b);
	assert_null(sci__stree_get(NULL, owner, x));
	assert_null(sci__stree_set(NULL, sci__sm_leaf(owner, x, &s_a, nopos)));
}

static void test_stree__many_keys_stay_sorted(void **state)
{
	const sci_stree *t = SCI_STREE_EMPTY;
	const sci_sm **all;
	char name[16];
	size_t n, i;

	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof(name), "k%zu", (i * 37) % 200);
		t = with(t, owner, name, &s_a);
	}
	all = sci__stree_list(t, owner, &n);
	assert_int_equal(n, 200);
	for (i = 1; i < n; i++)
		assert_true(all[i - 1]->key->id < all[i]->key->id);
	assert_true(t->h <= 12);	/* balanced */
}

static void test_stree__merge_keeps_shared_and_unmatched(void **state)
{
	const sci_stree *base = with(SCI_STREE_EMPTY, owner, "same", &s_a);
	const sci_stree *l = with(base, owner, "x", &s_a);
	const sci_stree *r = with(base, owner, "x", &s_b);
	const sci_stree *m;
	const sci_sm *sm;

	r = with(r, owner, "only_right", &s_b);
	m = sci__stree_merge(l, r);
	sm = sci__stree_get(m, owner, sci_key_named("same"));
	assert_ptr_equal(sm, sci__stree_get(base, owner, sci_key_named("same")));
	sm = sci__stree_get(m, owner, sci_key_named("x"));
	assert_ptr_equal(sm->state, &sci_merged);
	assert_int_equal(sci_sm_npossible(sm), 2);
	assert_true(sci_sm_has_possible(sm, &s_a));
	assert_true(sci_sm_has_possible(sm, &s_b));
	sm = sci__stree_get(m, owner, sci_key_named("only_right"));
	assert_true(sci_sm_has_possible(sm, &sci_undefined));
	assert_true(sci_sm_has_possible(sm, &s_b));
	/* unreachable sides contribute nothing */
	assert_ptr_equal(sci__stree_merge(NULL, l), l);
	assert_ptr_equal(sci__stree_merge(l, NULL), l);
	assert_null(sci__stree_merge(NULL, NULL));
}

static void test_stree__extra_merge_is_union(void **state)
{
	const sci_stree *l = with_value(SCI_STREE_EMPTY, "v", "1");
	const sci_stree *r = with_value(SCI_STREE_EMPTY, "v", "5-6");

	assert_string_equal(value_of(sci__stree_merge(l, r), "v"), "1,5-6");
}

static const sci_state *pre_a_becomes_b(const sci_key *key, const sci_state *mine,
				       const sci_state *other)
{
	return mine == &s_a ? &s_b : mine;
}

static void test_stree__pre_merge_restates_a_side(void **state)
{
	const sci_stree *l = with(SCI_STREE_EMPTY, owner, "x", &s_a);
	const sci_stree *r = with(SCI_STREE_EMPTY, owner, "x", &s_b);
	const sci_sm *sm;

	sci__owners[owner].pre_merge = pre_a_becomes_b;
	sm = sci__stree_get(sci__stree_merge(l, r), owner, sci_key_named("x"));
	sci__owners[owner].pre_merge = NULL;
	assert_ptr_equal(sm->state, &s_b);
	assert_int_equal(sci_sm_npossible(sm), 1);
}

static int fits(const sci_sm *leaf, void *payload)
{
	return !sci_rl_is_empty(sci_rl_intersect(leaf->state->data, payload));
}

/* foo = 1; if (bar) foo = 99, bar = nonnull; else bar = 0;  if (foo == 99) */
static void test_implied__seed(void **state)
{
	const sci_stree *l = with_value(with_value(SCI_STREE_EMPTY, "foo", "99"),
					"bar", "1-max");
	const sci_stree *r = with_value(with_value(SCI_STREE_EMPTY, "foo", "1"),
					"bar", "0");
	const sci_stree *m = sci__stree_merge(l, r), *t;
	const sci_sm *foo = sci__stree_get(m, SCI_OWNER_EXTRA, sci_key_named("foo"));

	t = sci__implied(m, foo, fits, (void *)sci_rl_parse("99"));
	assert_string_equal(value_of(t, "bar"), "1-max");
	t = sci__implied(m, foo, fits, (void *)sci_rl_parse("1"));
	assert_string_equal(value_of(t, "bar"), "0");
	/* nothing excluded: the same tree comes back */
	t = sci__implied(m, foo, fits, (void *)sci_rl_parse("1-99"));
	assert_ptr_equal(t, m);
	/* no leaf fits: the side is impossible */
	assert_null(sci__implied(m, foo, fits, (void *)sci_rl_parse("5")));
}

/* A leaf whose route skips an earlier join keeps both sides of it. */
static void test_implied__route_without_join_keeps_both(void **state)
{
	const sci_stree *l = with_value(with_value(SCI_STREE_EMPTY, "foo", "1"),
					"z", "10");
	const sci_stree *r = with_value(with_value(SCI_STREE_EMPTY, "foo", "99"),
					"z", "20");
	const sci_stree *j1 = sci__stree_merge(l, r), *j2, *t;
	const sci_sm *foo;

	/* second join: foo = 99 on the left, unchanged on the right */
	j2 = sci__stree_merge(with_value(j1, "foo", "99"), j1);
	foo = sci__stree_get(j2, SCI_OWNER_EXTRA, sci_key_named("foo"));
	t = sci__implied(j2, foo, fits, (void *)sci_rl_parse("99"));
	assert_string_equal(value_of(t, "z"), "10,20");
	t = sci__implied(j2, foo, fits, (void *)sci_rl_parse("1"));
	assert_string_equal(value_of(t, "z"), "10");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_stree__set_is_persistent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stree__many_keys_stay_sorted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stree__merge_keeps_shared_and_unmatched, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stree__extra_merge_is_union, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stree__pre_merge_restates_a_side, setup, teardown),
		cmocka_unit_test_setup_teardown(test_implied__seed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_implied__route_without_join_keeps_both, setup, teardown),
	};

	return cmocka_run_group_tests_name("analyzer/stree", tests, NULL, NULL);
}
