/* Unit tests: typed hook registration and dispatch (analyzer/hooks.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

static int me;
static int calls_any, calls_free, derefs, conds;
static struct expression *last_call;

static struct expression *symbol_expr(const char *name)
{
	struct position pos = { 0 };
	struct expression *e = alloc_expression(pos, EXPR_SYMBOL);

	e->symbol_name = built_in_ident(name);
	return e;
}

static struct expression *call_expr(const char *name)
{
	struct position pos = { 0 };
	struct expression *e = alloc_expression(pos, EXPR_CALL);

	e->fn = symbol_expr(name);
	return e;
}

static void on_any(sci_expr *call, void *payload)
{
	calls_any++;
	last_call = call;
	assert_ptr_equal(payload, &calls_any);
}

static void on_free(sci_expr *call, void *payload)
{
	calls_free++;
}

static void on_deref(sci_expr *ptr, sci_pos pos, void *payload)
{
	derefs++;
}

SCI_STATE(yes);
SCI_STATE(no);

static void on_cond(sci_expr *leaf, void *payload)
{
	conds++;
	sci_state_set_true_false(me, sci_key_named("flag"), &yes, &no);
}

static int setup(void **state)
{
	static const char *none[] = { "no-such-rule" };
	sci_analyze_opts opts = { .rules = none, .nrules = 0 };

	sci__registry_init(&opts);
	me = sci__nowners++;
	sci__owners[me].rule = "hook-test";
	calls_any = calls_free = derefs = conds = 0;
	sci_on_call(me, NULL, on_any, &calls_any);
	sci_on_call(me, "free", on_free, NULL);
	sci_on_deref(me, on_deref, NULL);
	sci_on_condition(me, on_cond, NULL);
	sci__keys_reset();
	return 0;
}

static int teardown(void **state)
{
	sci__nowners--;
	sci__hooks_reset();
	sci__cur = NULL;
	sci_arena_reset();
	return 0;
}

static void test_hooks__call_by_name(void **state)
{
	struct expression *c = call_expr("free");

	sci__cur = SCI_STREE_EMPTY;
	sci__fire_call(c);
	sci__fire_call(call_expr("malloc"));
	assert_int_equal(calls_any, 2);
	assert_int_equal(calls_free, 1);
	assert_ptr_equal(last_call, sci__strip(last_call));
}

static void test_hooks__silent_on_unreachable_paths(void **state)
{
	struct position pos = { 0 };

	sci__cur = NULL;
	sci__fire_call(call_expr("free"));
	sci__fire_deref(symbol_expr("p"), pos);
	assert_int_equal(calls_any + calls_free + derefs, 0);
	sci__cur = SCI_STREE_EMPTY;
	sci__fire_deref(symbol_expr("p"), pos);
	assert_int_equal(derefs, 1);
}

static void test_hooks__condition_states_go_to_their_side(void **state)
{
	const sci_stree *t = SCI_STREE_EMPTY, *f = SCI_STREE_EMPTY;
	const sci_key *flag = sci_key_named("flag");

	sci__cur = SCI_STREE_EMPTY;
	sci__cond_true = &t;
	sci__cond_false = &f;
	sci__fire_condition(symbol_expr("x"));
	sci__cond_true = sci__cond_false = NULL;
	assert_int_equal(conds, 1);
	assert_ptr_equal(sci__stree_get(t, me, flag)->state, &yes);
	assert_ptr_equal(sci__stree_get(f, me, flag)->state, &no);
	assert_null(sci__stree_get(sci__cur, me, flag));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_hooks__call_by_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hooks__silent_on_unreachable_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hooks__condition_states_go_to_their_side, setup, teardown),
	};

	return cmocka_run_group_tests_name("analyzer/hooks", tests, NULL, NULL);
}
