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
 * A local struct no member of which any path set, copied whole (`copy =
 * r;`), is reported at the copy: the copy is all garbage.
 *
 * Garbage copied into a constant-index element of a local array (`a[2] =
 * x;`) or into a global (`g = x;`) is a copy too.  Handed to a project
 * function (the array or struct as an argument, a global by any call),
 * the engine carries the copy into that function's walk
 * (sci_carry_state()), where its read is reported; handed to a function
 * the run does not analyze, the array or struct is reported at the call.
 * A global that still holds it when the function returns is reported at
 * the copy.
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

/* arrays and allocated blocks, element by element */
#include "uninit_contents.h"

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
 * Places other than local variables hold copies in this walk (`s.first`,
 * `a[2]`, or what a caller's copy reached here through a parameter or a
 * global: sci_carry_state()): reads of members and elements are looked
 * up only then.  -1: not yet known for this walk.
 */
static int places = -1;

/* Globals this walk copied garbage into (on_func_end()). */
#define MAX_GLOBAL_COPIES 8
static const sci_key *global_copies[MAX_GLOBAL_COPIES];
static int nglobal_copies;

/* A variable outside the function's frame: file scope, or a static. */
static int is_static_storage(sci_sym *sym)
{
	return !sci_sym_is_local(sym) && !sci_sym_is_param(sym) &&
	       sci_sym_is_scalar(sym);
}

/*
 * `y = e` (`y = x`, `y = relay(x)`) with y a local scalar, a scalar
 * member or constant-index element of local storage (`s.first`, `a[2]`),
 * or a scalar of static storage (a global): y's key, or NULL.  What
 * happens to the copy then: its reads are reported; a call that hands it
 * to a project function leaves it to that function's walk (on_call());
 * a global that still holds it when the function returns is reported
 * (on_func_end()).
 */
static const sci_key *local_copy_of(sci_expr *e)
{
	sci_expr *to = sci_expr_copied_to(e), *arr, *idx;
	sci_sym *dst = to ? sci_expr_symbol(to) : NULL;
	const sci_key *key;
	long long k;

	if (to && !dst)
		dst = sci_expr_alias_target(to);	/* `*p = x` for p = &y */
	if (dst)
		return (sci_sym_is_local(dst) && sci_sym_is_scalar(dst)) ||
		       is_static_storage(dst) ? sci_key_sym(dst) : NULL;
	if (!to || !(sci_expr_is_member(to) ||
		     (sci_expr_index(to, &arr, &idx) &&
		      sci_expr_const(idx, &k))) ||
	    !sci_expr_is_local_storage(to) ||
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

/*
 * Copies of garbage this walk copied on (`b = a;` with a a copy): the new
 * copy's reads are the ones reported, and these are no dead copies on any
 * path.  @key keeps its state: where it is read itself, that is reported.
 */
#define MAX_MOVED 16
static const sci_key *moved[MAX_MOVED];
static int nmoved, moved_lost;

static void moved_on(const sci_key *key)
{
	int i;

	for (i = 0; i < nmoved; i++)
		if (moved[i] == key)
			return;
	if (nmoved == MAX_MOVED)
		moved_lost = 1;
	else
		moved[nmoved++] = key;
}

static int was_moved(const sci_key *key)
{
	int i;

	for (i = 0; i < nmoved; i++)
		if (moved[i] == key)
			return 1;
	return moved_lost;
}

/*
 * A local variable still holding a copy of garbage when the function
 * returns, never read, copied on or overwritten: the copy itself read the
 * garbage (`ret = a;` with a never assigned, which clang and gcc warn
 * about too), and no later read will be reported.  A copy overwritten
 * before any read is not (Juliet's good functions copy the garbage
 * around, then assign the copy before using it).
 */
static void report_dead_copy(const sci_sm *sm)
{
	const sci_key *key = sci_sm_key(sm);
	sci_sym *var = sci_key_base(key);
	sci_pos pos;

	if (sci_sm_state(sm) != &copied || !sci_key_is_var(key) || !var ||
	    !sci_sym_is_local(var) || was_moved(key) ||
	    sci_sm_where(sm, &copied, &pos) != 0)
		return;
	sci_finding_related(sci_report(me, pos, sci_key_name(key),
		"'%s' is assigned a copy of a variable no path assigned",
		sci_key_name(key)), sci_sym_pos(var), "declared here");
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	(void)target;
	(void)pos;
	(void)payload;
	/* a buffer's contents: uninit_contents.c */
	if (uc_is_mine(sci_state_get(me, key)))
		return;
	if ((sci_key_base(key) &&
	     sci_state_get(me, sci_key_sym(sci_key_base(key)))) ||
	    sci_state_get(me, key) == &copied)
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

/* Has any member of the local struct @var a state of its own? */
static int member_set(sci_sym *var)
{
	const char *name = sci_key_name(sci_key_sym(var));
	size_t n = strlen(name);
	int found = 0;

	SCI_FOR_EACH_STATE(me, sm) {
		const char *k = sci_key_name(sci_sm_key(sm));

		if (sci_sm_state(sm) != &uninit && strncmp(k, name, n) == 0 &&
		    k[n] == '.')
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

/*
 * `sum += v` or `n++` in a loop, with sum never assigned before it: the
 * paths that reach here with a value got it from this statement on an
 * earlier pass, so the first pass always reads garbage.  Any other
 * assignment reaching the read (`if (first) sum = 0; else sum += v;`)
 * keeps it silent.  Only the compound assignment or the increment itself:
 * a plain one on the line may be conditional (redis: `m = first ? v :
 * (m & v);`).
 */
static int only_this_statement(const sci_key *key, sci_pos pos)
{
	const sci_sm *sm = sci_sm_get(me, key);

	return sm && sci_sm_state(sm) != &uninit &&
	       sci_sm_has_possible(sm, &uninit) &&
	       sci_sm_only_on_line(sm, &init, pos);
}

static void report_first_pass(const sci_key *key, sci_sym *var, sci_pos pos)
{
	sci_finding *f;

	f = sci_report(me, pos, sci_key_name(key),
		       "'%s' is used uninitialized: the loop's first pass reads it before any path assigns it",
		       sci_key_name(key));
	sci_finding_related(f, sci_sym_pos(var), "declared here without a value");
	sci_state_set(me, key, &init);
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

/* Does @key name @var or a place inside it (`a[2]`, `s.m`)? */
static int rooted_at(const sci_key *key, sci_sym *var)
{
	const char *name = sci_key_name(sci_key_sym(var));
	const char *k = sci_key_name(key);
	size_t n = strlen(name);

	return sci_key_base(key) == var && strncmp(k, name, n) == 0 &&
	       (k[n] == '.' || k[n] == '[');
}

/*
 * The first copy of garbage held inside @var (`a[2] = x;`, `s.first =
 * x;`), for an array or struct passed where no project function's walk
 * gets it.
 */
static const sci_key *copied_inside(sci_sym *var)
{
	const sci_key *found = NULL;

	SCI_FOR_EACH_STATE(me, sm) {
		if (!found && sci_sm_state(sm) == &copied &&
		    rooted_at(sci_sm_key(sm), var))
			found = sci_sm_key(sm);
	} SCI_END_FOR_EACH_STATE(sm);
	return found;
}

/*
 * The local struct @var passed by value: a member that holds a copy of
 * garbage (`s.first = x;` with x unassigned) reaches the callee.  Members
 * never assigned are not reported: copying a struct that is partly set is
 * common and defined.
 */
static void passed_by_value(sci_sym *var, sci_pos pos)
{
	const sci_key *found = copied_inside(var);

	if (found)
		report(found, var, pos);
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *inner;
	const sci_key *key;
	sci_sym *var;

	(void)payload;
	if (places < 0) {
		/* what the callers' copies reached here (sci_carry_state()) */
		places = 0;
		SCI_FOR_EACH_STATE(me, sm) {
			if (sci_sm_state(sm) == &copied &&
			    !sci_key_is_var(sci_sm_key(sm)))
				places = 1;
		} SCI_END_FOR_EACH_STATE(sm);
	}
	if (sci_expr_is_addr_of(e, &inner)) {
		sci_expr *call, *to;
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
		/* `int *p = &x;` where p only stands for x: no hand-over */
		if ((to = sci_expr_copied_to(e)) && (var = sci_expr_symbol(to)) &&
		    sci_sym_alias_of(var))
			return;
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
	/* written, not read (`g = 1;`): the walk of the copy's target, a
	 * global, comes after its value's */
	if (sci_expr_is_assign_target(e))
		return;
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
	if (!var)
		var = sci_expr_alias_target(e);	/* `*p` for p = &x is x */
	if (var) {
		const sci_state *st;
		const sci_key *dst;
		sci_expr *call;
		int i;

		key = sci_key_sym(var);
		st = sci_state_get(me, key);
		/*
		 * `t = s` of a local struct no member of which any path set:
		 * the copy is all garbage.  One partly set copies silently
		 * (common and defined); its unset members' reads through the
		 * copy are not followed.
		 */
		if (sci_sym_is_struct(var) && st == &uninit &&
		    sci_expr_symbol(e) == var && sci_expr_copied_to(e) &&
		    !member_set(var)) {
			report(key, var, sci_expr_pos(e));
			return;
		}
		/* a project function's walk gets the copies (on_call()) */
		if (places && !sci_sym_is_scalar(var) &&
		    (call = sci_expr_passed_to(e, &i)) &&
		    !sci_call_carries(call) && sci_expr_is_local_storage(e)) {
			if (sci_sym_is_struct(var))
				passed_by_value(var, sci_expr_pos(e));
			else if (!sci_call_is_library(call) &&
				 (dst = copied_inside(var)))
				report(dst, var, sci_expr_pos(e));
			return;
		}
		/* `n++` in a loop, n never set: as `sum += v` */
		if (sci_sym_is_scalar(var) && sci_sym_is_local(var) &&
		    sci_expr_is_incdec_operand(e) &&
		    only_this_statement(key, sci_expr_pos(e))) {
			report_first_pass(key, var, sci_expr_pos(e));
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
			if (st == &copied)
				moved_on(key);
			return;
		}
		report(key, var, sci_expr_pos(e));
		return;
	}
	if (!sci_expr_is_scalar(e) || sci_expr_is_call(e) ||
	    !(sci_expr_is_member(e) || places) || !(key = sci_key_expr(e)))
		return;
	var = sci_key_base(key);
	if (!var)
		return;
	if (sci_state_get(me, key) == &copied) {
		const sci_key *dst;

		/* a copy of the copy, as for variables */
		if ((dst = local_copy_of(e))) {
			copy_into(dst);
			moved_on(key);
		} else
			report(key, var, sci_expr_pos(e));
		return;
	}
	if (!sci_expr_is_member(e) || !sci_expr_is_local_storage(e))
		return;
	if (sci_state_get(me, sci_key_sym(var)) == &uninit &&
	    !container_initialized(key))
		report(key, var, sci_expr_pos(e));
}

/*
 * `x += y`: x is read before it is written.  The value the hooks see is
 * `x + y` built on the same left operand (local storage on the left is
 * not walked as an expression).
 */
static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	sci_expr *l, *r;
	const sci_key *key;
	sci_sym *var;

	(void)payload;
	if (!sci_expr_binop(right, &l, &r) || l != left ||
	    !sci_expr_is_scalar(left) || !(key = sci_key_expr(left)) ||
	    !(var = sci_key_base(key)) || !sci_sym_is_local(var))
		return;
	if (sci_key_is_var(key) && only_this_statement(key, pos))
		report_first_pass(key, var, pos);
	else if (sci_key_is_var(key) || sci_state_get(me, key) == &copied)
		st_report(key, var, pos);
	else if (sci_expr_is_member(left) &&
		 sci_state_get(me, sci_key_sym(var)) == &uninit &&
		 !container_initialized(key))
		report(key, var, pos);
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	(void)right;
	(void)pos;
	(void)payload;
	if (copy_to && sci_key_expr(left) == copy_to) {
		sci_sym *var = sci_key_base(copy_to);
		int i;

		sci_state_set(me, copy_to, &copied);
		if (!sci_key_is_var(copy_to))
			places = 1;
		else if (var && is_static_storage(var)) {
			for (i = 0; i < nglobal_copies; i++)
				if (global_copies[i] == copy_to)
					break;
			if (i == nglobal_copies &&
			    nglobal_copies < MAX_GLOBAL_COPIES)
				global_copies[nglobal_copies++] = copy_to;
		}
	}
	copy_to = NULL;
	copy_call = NULL;
}

/*
 * After a call to a project function (its walk got what this call
 * passes, sci_carry_state()): garbage in a global it may read, or in an
 * array or struct passed to it, is its business now - its walk reports
 * a read.  The callee may also write them.  Elements of arrays passed
 * to any other function may be written by it too.
 */
static void on_call(sci_expr *call, void *payload)
{
	int carries = sci_call_carries(call), i, n = sci_call_nargs(call);
	const sci_key *drop[16];
	size_t nd = 0, k;

	(void)payload;
	if (!places && !carries)
		return;
	SCI_FOR_EACH_STATE(me, sm) {
		const sci_key *key = sci_sm_key(sm);
		sci_sym *base = sci_key_base(key);
		int passed = 0;

		if (sci_sm_state(sm) != &copied || nd == 16 || !base)
			continue;
		for (i = 0; i < n && !passed; i++)
			passed = sci_expr_symbol(sci_call_arg(call, i)) == base &&
				 !sci_key_is_var(key);
		if (passed || (carries && is_static_storage(base) &&
			       sci_key_is_var(key)))
			drop[nd++] = key;
	} SCI_END_FOR_EACH_STATE(sm);
	for (k = 0; k < nd; k++)
		sci_state_set(me, drop[k], &init);
}

/*
 * The function returns with garbage in a global: whoever reads it next
 * reads the garbage.  Reported at the copy.
 */
static void on_func_end(sci_sym *fn, void *payload)
{
	int i;

	(void)fn;
	(void)payload;
	SCI_FOR_EACH_STATE(me, sm) {
		report_dead_copy(sm);
	} SCI_END_FOR_EACH_STATE(sm);
	for (i = 0; i < nglobal_copies; i++) {
		const sci_key *key = global_copies[i];
		const sci_sm *sm = sci_sm_get(me, key);
		sci_pos pos;

		if (!sm || sci_sm_state(sm) != &copied ||
		    sci_sm_where(sm, &copied, &pos) != 0)
			continue;
		sci_finding_related(sci_report(me, pos, sci_key_name(key),
			"'%s' is assigned a copy of a variable no path assigned, and still holds it when the function returns",
			sci_key_name(key)), sci_sym_pos(sci_key_base(key)),
			"declared here");
	}
}

static void on_func_start(sci_sym *fn, void *payload)
{
	(void)fn;
	(void)payload;
	places = -1;
	nglobal_copies = 0;
	nmoved = moved_lost = 0;
	copy_to = NULL;
	copy_call = NULL;
	relay.call = NULL;
}

static void init_checker(sci_checker_id id)
{
	me = id;
	sci_on_declaration(me, on_declaration, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_expr(me, on_expr, NULL);
	sci_on_assign_before(me, on_assign_before, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_func_end(me, on_func_end, NULL);
	/* a copy a caller made reaches the callee's walk (on_call()) */
	sci_carry_state(me, &copied);
	uc_init();
}

/* Different states of one key: the contents' hulls join (uninit_contents.c). */
static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	if (uc_is_mine(a) || uc_is_mine(b))
		return uc_merge(a, b);
	return &sci_merged;
}

/*
 * A callers' buffer is followed from its first access (uninit_contents.h):
 * a path that never touched it has it as the callers passed it.
 */
static const sci_state *unmatched(const sci_key *key)
{
	const sci_state *s = uc_is_callers_key(key) ? uc_callers_start(key) : NULL;

	return s ? s : &sci_undefined;
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
	.merge = merge,
	.unmatched = unmatched,
	.init = init_checker,
};
