// SPDX-License-Identifier: MIT
/*
 * uninitialized: a local variable, or a member of a local struct, is read
 * before any assignment, on every path that reaches the read.
 *
 *	int ret;
 *	if (n > 0)
 *		ret = work(n);
 *	else if (n < 0)
 *		ret = -1;
 *	return ret;		// fine: some path assigned it
 *
 *	int len;
 *	printf("%d\n", len);	// uninitialized: no path assigned it
 *
 * Tracked: locals without an initializer of scalar type (integers, enums,
 * floats, pointers) and the scalar members of local structs (`s.count`).
 * Any assignment, ++/--, and any taking of the address (`&x`, `&s`,
 * `&s.m`: whoever gets it may write it, as scanf() and stat() do, and
 * `pipe(&fds.rd)` writes fds.wr too, so the whole variable counts) count as
 * initialization; so does an assignment to a containing member (`s.in =
 * t` initializes `s.in.x`).  Arrays and unions are not tracked as
 * variables declared without a value.
 *
 * A copy of such a variable into a local scalar (`int y = x;`) or into a
 * scalar member of a local struct or one-type union (`s.first = x;`) is
 * not reported: the copy holds the garbage, and its reads are - a read of
 * the member, or the struct passed by value to a function.  Neither is
 * passing it to a project function that assigns the parameter before
 * reading it (its summary's "overwrites"), nor passing it to one that
 * only returns it (`return p;`, its summary's "passes") when the result
 * goes to a local scalar: `x = relay(x);` makes x a copy of the garbage,
 * and its reads are reported.  Passing its address to one
 * whose first statements read what the parameter points to (`int v =
 * *p;`, its summary's "preads_first") is a read of it.
 *
 * Only a read that no path initialized is reported: a variable assigned
 * on some paths only is not (the paths that skip it are often ones the
 * code knows cannot reach the read: a switch over every enum value, a
 * flag tested twice through another variable), as the implied states
 * allow.  Known false-positive sources: initialization the engine does
 * not see, such as a write through a pointer that was stored before the
 * declaration's scope began (not possible in C) - in practice inline
 * assembly without output operands and setjmp()/longjmp() paths.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

SCI_STATE(uninit);
SCI_STATE(init);
SCI_STATE(copied);	/* holds a copy of a variable no path assigned */

/*
 * `y = x` with x uninitialized: not reported there, y holds the garbage
 * now (`copied`) and its reads are.  Set when x is read as the value of
 * the assignment, taken by the assignment's hook right after.  y is a
 * local scalar or a scalar member of local storage (`s.first`).
 */
static const sci_key *copy_to;
static sci_expr *copy_call;	/* `y = relay(x)`: the call that hands x back */

/*
 * `relay(x)` where relay() only returns x: x is not read there, the call
 * carries it on.  Its own hook (after its arguments') settles where to.
 */
static struct {
	sci_expr *call;
	sci_sym *var;
	sci_pos pos;
} relay;

/*
 * `y = e` (`y = x`, `y = relay(x)`) with y a local scalar or a scalar
 * member of local storage (`s.first`, not an element `a[2]`, which a
 * function the array is passed to may read): y's key, or NULL.
 */
static const sci_key *local_copy_of(sci_expr *e)
{
	sci_expr *to = sci_expr_copied_to(e);
	sci_sym *dst = to ? sci_expr_symbol(to) : NULL;
	const sci_key *key;

	if (dst)
		return sci_sym_is_local(dst) && sci_sym_is_scalar(dst) ?
		       sci_key_sym(dst) : NULL;
	if (!to || !sci_expr_is_member(to) || !sci_expr_is_local_storage(to) ||
	    !sci_expr_is_scalar(to) || !(key = sci_key_expr(to)) ||
	    !sci_key_base(key))
		return NULL;
	return key;
}

static void copy_into(const sci_key *key)
{
	copy_to = key;
}

static void on_declaration(sci_sym *sym, void *payload)
{
	(void)payload;
	if (!sci_sym_is_local(sym) || sci_sym_has_initializer(sym))
		return;
	if (sci_sym_is_scalar(sym) || sci_sym_is_struct(sym))
		sci_state_set(me, sci_key_sym(sym), &uninit);
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	(void)target;
	(void)pos;
	(void)payload;
	if (sci_key_base(key) && sci_state_get(me, sci_key_sym(sci_key_base(key))))
		sci_state_set(me, key, &init);
}

/* Was a member path containing @key ("s.in" for "s.in.x") initialized? */
static int container_initialized(const sci_key *key)
{
	const char *name = sci_key_name(key);
	int found = 0;

	SCI_FOR_EACH_STATE(me, sm) {
		const char *k = sci_key_name(sci_sm_key(sm));
		size_t n = strlen(k);

		if (sci_sm_state(sm) != &uninit && strncmp(name, k, n) == 0 &&
		    (name[n] == '.' || name[n] == '\0'))
			found = 1;
	} SCI_END_FOR_EACH_STATE(sm);
	return found;
}

static void report(const sci_key *key, sci_sym *var, sci_pos pos)
{
	sci_finding *f;

	if (sci_state_get(me, key) == &copied) {
		f = sci_report(me, pos, sci_key_name(key),
			       "'%s' is used uninitialized: it holds a copy of a variable no path assigned",
			       sci_key_name(key));
		sci_finding_related(f, sci_sym_pos(var), "declared here");
	} else {
		f = sci_report(me, pos, sci_key_name(key),
			       "'%s' is used uninitialized: no path assigns it before this read",
			       sci_key_name(key));
		sci_finding_related(f, sci_sym_pos(var),
				    "declared here without a value");
	}
	/* one finding per variable and path: the next read follows from it */
	sci_state_set(me, key, &init);
}

/* report() when @key still holds no value (it may have been set since) */
static void st_report(const sci_key *key, sci_sym *var, sci_pos pos)
{
	const sci_state *st = sci_state_get(me, key);

	if (st == &uninit || st == &copied)
		report(key, var, pos);
}

/* `show(&x)` with x unassigned, where show() reads *p first. */
static void report_passed(const sci_key *key, sci_sym *var, sci_pos pos,
			  sci_expr *call)
{
	sci_finding *f;

	f = sci_report(me, pos, sci_key_name(key),
		       "'%s' is used uninitialized: no path assigns it before %s() reads it through its address",
		       sci_key_name(key), sci_call_name(call));
	sci_finding_related(f, sci_sym_pos(var), "declared here without a value");
	sci_state_set(me, key, &init);
}

/*
 * The local struct @var passed by value: a member that holds a copy of
 * garbage (`s.first = x;` with x unassigned) reaches the callee.  Members
 * never assigned are not reported: copying a struct that is partly set is
 * common and defined.
 */
static void passed_by_value(sci_sym *var, sci_pos pos)
{
	const sci_key *found = NULL;
	const char *name = sci_key_name(sci_key_sym(var));
	size_t n = strlen(name);

	SCI_FOR_EACH_STATE(me, sm) {
		const char *k = sci_key_name(sci_sm_key(sm));

		if (!found && sci_sm_state(sm) == &copied &&
		    strncmp(k, name, n) == 0 && k[n] == '.')
			found = sci_sm_key(sm);
	} SCI_END_FOR_EACH_STATE(sm);
	if (found)
		report(found, var, pos);
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *inner;
	const sci_key *key;
	sci_sym *var;

	(void)payload;
	if (sci_expr_is_addr_of(e, &inner)) {
		sci_expr *call;
		int i;

		/* `show(&x)` where show() first reads *p: a read of x */
		if ((var = sci_expr_symbol(inner)) && sci_sym_is_scalar(var) &&
		    (call = sci_expr_passed_to(e, &i)) &&
		    sci_call_reads_pointee(call, i)) {
			const sci_state *st = sci_state_get(me, sci_key_sym(var));

			if (st == &uninit || st == &copied)
				report_passed(sci_key_sym(var), var,
					      sci_expr_pos(e), call);
		}
		/*
		 * Whoever gets `&s.m` may write past m: pipe(&fds.rd) fills
		 * fds.wr too.  The whole variable counts as written.
		 */
		if ((key = sci_key_expr(inner)) && (var = sci_key_base(key)) &&
		    sci_state_get(me, sci_key_sym(var))) {
			sci_state_set(me, key, &init);
			sci_state_set(me, sci_key_sym(var), &init);
		}
		return;
	}
	if (copy_call && sci_expr_strip(e) == copy_call)
		return;		/* its result is the copy: the assignment's */
	copy_to = NULL;
	copy_call = NULL;
	if (relay.call && e == relay.call) {
		const sci_key *dst = local_copy_of(e);

		relay.call = NULL;
		if (dst) {
			copy_into(dst);
			copy_call = e;
		} else {
			/* `use(relay(x))`, `return relay(x)`: a read of x */
			key = sci_key_sym(relay.var);
			st_report(key, relay.var, relay.pos);
		}
		return;
	}
	var = sci_expr_symbol(e);
	if (var) {
		const sci_state *st;
		const sci_key *dst;
		sci_expr *call;
		int i;

		key = sci_key_sym(var);
		st = sci_state_get(me, key);
		if (sci_sym_is_struct(var) && sci_sym_is_local(var) &&
		    sci_expr_passed_to(e, &i)) {
			passed_by_value(var, sci_expr_pos(e));
			return;
		}
		if (!sci_sym_is_scalar(var) || (st != &uninit && st != &copied))
			return;
		/* passed where the callee assigns the parameter first */
		if ((call = sci_expr_passed_to(e, &i)) &&
		    sci_call_overwrites_arg(call, i))
			return;
		/* handed back by the callee: decided at the call's hook */
		if (call && sci_call_passes_arg(call, i)) {
			relay.call = call;
			relay.var = var;
			relay.pos = sci_expr_pos(e);
			return;
		}
		/* copied to a local: the copy's reads are reported */
		if ((dst = local_copy_of(e))) {
			copy_into(dst);
			return;
		}
		report(key, var, sci_expr_pos(e));
		return;
	}
	if (!sci_expr_is_member(e) || !sci_expr_is_local_storage(e) ||
	    !sci_expr_is_scalar(e) || !(key = sci_key_expr(e)))
		return;
	var = sci_key_base(key);
	if (!var)
		return;
	if (sci_state_get(me, key) == &copied) {
		const sci_key *dst;

		/* a copy of the copy, as for variables */
		if ((dst = local_copy_of(e)))
			copy_into(dst);
		else
			report(key, var, sci_expr_pos(e));
		return;
	}
	if (sci_state_get(me, sci_key_sym(var)) == &uninit &&
	    !container_initialized(key))
		report(key, var, sci_expr_pos(e));
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	(void)right;
	(void)pos;
	(void)payload;
	if (copy_to && sci_key_expr(left) == copy_to)
		sci_state_set(me, copy_to, &copied);
	copy_to = NULL;
	copy_call = NULL;
}

static void init_checker(sci_checker_id id)
{
	me = id;
	sci_on_declaration(me, on_declaration, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_expr(me, on_expr, NULL);
	sci_on_assign(me, on_assign, NULL);
}

const struct sci_checker sci_checker_uninitialized = {
	.rule = "uninitialized",
	.summary = "a variable is read before any path assigned it",
	.description = "A local variable, or a scalar member of a local struct, "
		       "is read where no path from its declaration has assigned "
		       "it, so the value is whatever the stack held.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-457",
	.tags = "reliability security",
	.enabled_by_default = 1,
	.init = init_checker,
};
