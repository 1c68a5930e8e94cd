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

/* One counter per family: each callback bumps its own slot. */
enum { F_EXPR, F_STMT, F_ASSIGN_BEFORE, F_ASSIGN, F_CALL_ASSIGN, F_WHOLE,
       F_RETURN, F_DECL, F_MODIFY, F_SCOPE, F_FSTART, F_FEND, F_FILE, F_NR };
static int fired[F_NR];
static int order[F_NR], norder;

static void bump(int family)
{
	fired[family]++;
	if (norder < F_NR)
		order[norder++] = family;
}

static void h_expr(sci_expr *e, void *p) { (void)e; bump(*(int *)p); }
static void h_stmt(sci_stmt *s, void *p) { (void)s; bump(F_STMT); (void)p; }
static void h_assign(sci_expr *l, sci_expr *r, sci_pos pos, void *p)
{
	assert_non_null(l);
	assert_non_null(r);
	bump(*(int *)p);
}
static void h_call_assign(sci_expr *c, sci_expr *l, void *p)
{
	assert_string_equal(sci_call_name(c), "malloc");
	bump(F_CALL_ASSIGN);
}
static void h_return(sci_expr *v, sci_pos pos, void *p) { bump(F_RETURN); }
static void h_sym(sci_sym *s, void *p) { bump(*(int *)p); }
static void h_modify(const sci_key *k, sci_expr *t, sci_pos pos, void *p)
{
	assert_string_equal(sci_key_name(k), "x");
	bump(F_MODIFY);
}
static void h_scope(sci_sym *s, sci_pos pos, void *p) { bump(F_SCOPE); }
static void h_func(sci_sym *f, void *p) { bump(*(int *)p); }
static void h_file(void *p) { bump(F_FILE); }

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

static void test_hooks__every_family_dispatches(void **state)
{
	static int k_expr = F_EXPR, k_whole = F_WHOLE, k_before = F_ASSIGN_BEFORE,
		   k_after = F_ASSIGN, k_decl = F_DECL, k_start = F_FSTART,
		   k_end = F_FEND;
	struct position pos = { 0 };
	struct statement *st = alloc_statement(pos, STMT_NONE);
	struct symbol *sym = alloc_symbol(pos, SYM_NODE);
	struct expression *x = symbol_expr("x");
	int i;

	memset(fired, 0, sizeof(fired));
	norder = 0;
	sci_on_expr(me, h_expr, &k_expr);
	sci_on_stmt(me, h_stmt, NULL);
	sci_on_assign_before(me, h_assign, &k_before);
	sci_on_assign(me, h_assign, &k_after);
	sci_on_call_assign(me, "malloc", h_call_assign, NULL);
	sci_on_call_assign(me, "free", h_call_assign, NULL);	/* never */
	sci_on_whole_condition(me, h_expr, &k_whole);
	sci_on_return(me, h_return, NULL);
	sci_on_declaration(me, h_sym, &k_decl);
	sci_on_modify(me, h_modify, NULL);
	sci_on_scope_end(me, h_scope, NULL);
	sci_on_func_start(me, h_func, &k_start);
	sci_on_func_end(me, h_func, &k_end);
	sci_on_file_end(me, h_file, NULL);

	sci__cur = SCI_STREE_EMPTY;
	sci__fire_func(0, sym);
	sci__fire_stmt(st);
	sci__fire_declaration(sym);
	sci__fire_expr(x);
	sci__fire_whole_condition(x);
	sci__fire_assign(1, x, x, pos);
	sci__fire_assign(0, x, x, pos);
	sci__fire_call_assign(call_expr("malloc"), x);
	sci__fire_modify(sci_key_named("x"), x, pos);
	sci__fire_return(NULL, pos);
	sci__fire_scope_end(sym, pos);
	sci__fire_func(1, sym);
	sci__fire_file_end();
	for (i = 0; i < F_NR; i++)
		assert_int_equal(fired[i], 1);
	assert_int_equal(order[0], F_FSTART);
	assert_int_equal(order[F_NR - 1], F_FILE);
	/* nothing but file-end fires on an unreachable path */
	sci__cur = NULL;
	sci__fire_func(1, sym);
	sci__fire_expr(x);
	sci__fire_assign(0, x, x, pos);
	sci__fire_scope_end(sym, pos);
	assert_int_equal(fired[F_FEND] + fired[F_EXPR] + fired[F_ASSIGN] +
			 fired[F_SCOPE], 4);
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
		cmocka_unit_test_setup_teardown(test_hooks__every_family_dispatches, setup, teardown),
	};

	return cmocka_run_group_tests_name("analyzer/hooks", tests, NULL, NULL);
}
