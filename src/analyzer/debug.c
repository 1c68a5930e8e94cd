/*
 * debug.c - debug intrinsics, so engine behaviour is tested from C.
 * Calls to these (undeclared) functions in analyzed code print what the
 * engine knows at that point as "sci-debug" notes:
 *
 *   __sci_state("rule", expr)     the rule's state of expr and its possible
 *                                 states: "memory-leak 'p' = merged (a, b)"
 *   __sci_value(expr)             the value range: "value 'x' = 0-9,99"
 *   __sci_relation(a, b)          what the path knows of a against b:
 *                                 "relation 'i' vs 'n' = <"
 *   __sci_object(ptr)             the object a pointer points into and its
 *                                 byte offsets: "object 'p' = buf (16 bytes)
 *                                 + 8-9" (points.c)
 *   __sci_reached()               "reached" (silent on unreachable paths)
 *   __sci_possible("rule", expr)  only the possible states: "possible 'p':
 *                                 allocated, freed"
 *   __sci_expect_value(expr, "r") an error only when the range is not r
 *   __sci_crash(), __sci_hang()   kill or stall the worker, so the driver's
 *                                 handling of crashes and timeouts is tested
 *                                 end to end with the real analyzer
 */
#include "analyzer/engine_int.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>
#include <string.h>

static const char *string_arg(struct expression *call, int n)
{
	struct expression *e = sci__strip(sci_call_arg(call, n));

	if (!e || e->type != EXPR_STRING || !e->string)
		return NULL;
	return e->string->data;
}

static const char *state_name(const sci_state *s)
{
	const char *name = s->name ? s->name : sci__fn_facts_state_name(s);

	return name ? name : "?";
}

static const char *possible_text(const sci_sm *sm)
{
	const char *s = "";
	unsigned i;

	for (i = 0; i < sm->npossible; i++)
		s = sci_arena_printf("%s%s%s", s, i ? ", " : "",
				     state_name(sm->possible[i]));
	return s;
}

static void show_state(struct expression *call, int only_possible)
{
	const char *rule = string_arg(call, 0);
	struct expression *arg = sci_call_arg(call, 1);
	const sci_key *key = arg ? sci_key_expr(arg) : NULL;
	const sci_sm *sm;
	int owner;

	if (!rule || !key) {
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_ERROR, call->pos, "debug",
				"__sci_state/__sci_possible need a rule string and an lvalue");
		return;
	}
	owner = sci__owner_find(rule);
	if (owner < 0) {
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_ERROR, call->pos, "debug",
				sci_arena_printf("__sci_state: rule '%s' is not enabled",
						 rule));
		return;
	}
	sm = sci__stree_get(sci__cur, owner, key);
	if (only_possible) {
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
				sci_arena_printf("possible '%s': %s", key->name,
						 sm ? possible_text(sm) : "none"));
		return;
	}
	if (!sm) {
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
				sci_arena_printf("%s '%s' = none", rule, key->name));
		return;
	}
	if (sm->npossible > 1)
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
				sci_arena_printf("%s '%s' = %s (%s)", rule, key->name,
						 state_name(sm->state), possible_text(sm)));
	else
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
				sci_arena_printf("%s '%s' = %s", rule, key->name,
						 state_name(sm->state)));
}

/*
 * The bounds of a type of 32 bits or more print as "min"/"max" ("value
 * 'x' = min-10" for an int, "0-max" for a size_t), so samples do not
 * spell out long numbers; narrower types print their numbers.
 */
static const char *bound_text(sci_val v, sci_val tmin, sci_val tmax, int named)
{
	if (named && v == tmax)
		return "max";
	if (named && v == tmin && tmin != 0)
		return "min";
	return sci_rl_text(sci_rl_range(v, v));
}

static const char *value_text(struct expression *e)
{
	const sci_rl *rl = sci__expr_rl(e);
	sci_vtype vt = sci__vtype(sci__expr_type(sci__strip(e)));
	sci_val tmin = sci_vt_min(vt), tmax = sci_vt_max(vt);
	int named = !vt.bits || vt.bits >= 32;
	const char *s = "";
	size_t i;

	if (sci_rl_is_empty(rl))
		return "empty";
	for (i = 0; i < rl->n; i++) {
		const char *lo = bound_text(rl->r[i].min, tmin, tmax, named);

		if (rl->r[i].min == rl->r[i].max)
			s = sci_arena_printf("%s%s%s", s, i ? "," : "", lo);
		else
			s = sci_arena_printf("%s%s%s-%s", s, i ? "," : "", lo,
					     bound_text(rl->r[i].max, tmin, tmax,
							named));
	}
	return s;
}

/* "value 'x' = 0-9": @what of the first argument, as @text prints it. */
static void show(struct expression *call, const char *what,
		 const char *(*text)(struct expression *))
{
	struct expression *arg = sci_call_arg(call, 0);

	if (!arg)
		return;
	sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
			sci_arena_printf("%s '%s' = %s", what, sci_expr_text(arg),
					 text(arg)));
}

static void show_relation(struct expression *call)
{
	struct expression *a = sci_call_arg(call, 0), *b = sci_call_arg(call, 1);

	if (!a || !b)
		return;
	sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
			sci_arena_printf("relation '%s' vs '%s' = %s",
					 sci_expr_text(a), sci_expr_text(b),
					 sci__relation_text(a, b)));
}

static void expect_value(struct expression *call)
{
	struct expression *arg = sci_call_arg(call, 0);
	const char *want = string_arg(call, 1);
	const char *got;

	if (!arg || !want || !sci_rl_parse(want)) {
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_ERROR, call->pos, "debug",
				"__sci_expect_value needs an expression and a range string");
		return;
	}
	got = value_text(arg);
	if (!sci_rl_equal(sci_rl_parse(got), sci_rl_parse(want)))
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_ERROR, call->pos, "debug",
				sci_arena_printf("expected '%s' = %s, got %s",
						 sci_expr_text(arg), want, got));
}

int sci__debug_call(struct expression *call)
{
	const char *name = sci__call_name(call);

	if (!name || strncmp(name, "__sci_", 6) != 0)
		return 0;
	if (strcmp(name, "__sci_state") == 0)
		show_state(call, 0);
	else if (strcmp(name, "__sci_possible") == 0)
		show_state(call, 1);
	else if (strcmp(name, "__sci_value") == 0)
		show(call, "value", value_text);
	else if (strcmp(name, "__sci_relation") == 0)
		show_relation(call);
	else if (strcmp(name, "__sci_object") == 0)
		show(call, "object", sci__points_text);
	else if (strcmp(name, "__sci_reached") == 0)
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, call->pos, "debug",
				"reached");
	else if (strcmp(name, "__sci_expect_value") == 0)
		expect_value(call);
	else if (strcmp(name, "__sci_crash") == 0)
		raise(SIGSEGV);
	else if (strcmp(name, "__sci_hang") == 0)
		for (;;)
			pause();
	else
		sci__report_raw(SCI_RULE_DEBUG, SCI_LEVEL_ERROR, call->pos, "debug",
				sci_arena_printf("unknown intrinsic %s", name));
	return 1;
}
