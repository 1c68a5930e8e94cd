/*
 * walk.c - the flow-sensitive walk of one function's statements.
 *
 * `sci__cur` is the stree of the path being walked; NULL means the path is
 * unreachable (after return, goto, break, a noreturn call, or a condition
 * that can't hold), and hooks don't fire there.  Every jump (goto, break,
 * continue) adds the current path to its target label's pending list; the
 * label merges them in.  Loops are walked in two passes: a quiet one to
 * learn what flows back, then a reported one from the entry merged with
 * the widened back edge (a bounded approximation, never a fixpoint hunt).
 * Backward gotos get one extra pass of the statements after their label;
 * computed gotos go through one dispatch point (see dispatch_sym).
 *
 * Expressions and conditions are in walk_expr.c and cond.c.
 */
#include "analyzer/engine_int.h"

#include <string.h>

const sci_stree *sci__cur;
int sci__quiet;
struct symbol *sci__cur_fn;
const char *sci__cur_fn_name;

#define MAX_LOOP_NEST 4		/* deeper loops get a single pass */

/* ------------------------------------------------------------ labels */

typedef struct pending {
	struct symbol *label;
	const sci_stree *paths;		/* merged paths jumping here */
	int prescan_seen;		/* the pre-scan passed the label */
	int backward;			/* a goto after the label targets it */
	int computed;			/* a computed goto may jump here */
	int computed_backward;		/* ... from after the label */
	int dead_end;			/* straight code from it calls a
					 * noreturn function (`out: _exit(1);`) */
	struct statement **ancestors;	/* compound statements around it */
	int nancestors;
	struct pending *next;
} pending;

static pending *pendings;

/*
 * Computed gotos jump to one dispatch point that leads to every
 * address-taken label, as a compiler builds it: a goto merges its path
 * into the dispatch point once, and each label merges the dispatch point
 * in without consuming it.  Merging every goto into every label instead
 * costs gotos x labels merges per pass: lua's interpreter loop (80
 * opcodes) needed more than 512 MiB that way.
 */
static struct symbol dispatch_sym;
static int dispatch_region;	/* walking a region its back edges repeat */

static pending *find_pending(struct symbol *label)
{
	pending *p;

	for (p = pendings; p; p = p->next)
		if (p->label == label)
			return p;
	p = sci_arena_alloc(sizeof(*p));
	p->label = label;
	p->next = pendings;
	pendings = p;
	return p;
}

static void jump_to(struct symbol *label)
{
	pending *p;

	if (!sci__cur || !label)
		return;
	p = find_pending(label);
	p->paths = sci__stree_merge(p->paths, sci__cur);
}

/*
 * What every label has pending, so each pass of a repeated region starts
 * from the same jumps: a quiet pass must neither consume the paths that
 * gotos before the region left at a later label, nor leave its own.
 */
typedef struct {
	pending *p;
	const sci_stree *paths;
} pending_save;

static pending_save *pendings_save(size_t *n)
{
	pending_save *v;
	pending *p;
	size_t k = 0;

	for (p = pendings; p; p = p->next)
		k++;
	v = sci_arena_alloc((k + 1) * sizeof(*v));
	k = 0;
	for (p = pendings; p; p = p->next) {
		v[k].p = p;
		v[k].paths = p->paths;
		k++;
	}
	*n = k;
	return v;
}

static void pendings_restore(const pending_save *v, size_t n)
{
	pending *p;
	size_t k;

	for (p = pendings; p; p = p->next)
		p->paths = NULL;	/* labels first seen in the pass */
	for (k = 0; k < n; k++)
		v[k].p->paths = v[k].paths;
}

static const sci_stree *take_pending(struct symbol *label)
{
	pending *p = find_pending(label);
	const sci_stree *t = p->paths;

	p->paths = NULL;
	return t;
}

/* ------------------------------------------------------------ scopes */

typedef struct {
	struct statement *compound;	/* NULL for a loop's own scope */
	int has_value;			/* a statement expression's block */
	struct symbol **syms;
	int n, cap;
	int loop_level;			/* loop/switch nesting when opened */
} scope;

static scope scopes[256];
static int nscopes;
static int scope_overflow;	/* pushes past the table, popped first */
static struct statement *body_stmt;
static struct position body_end;
static int loop_level;		/* nesting of loops and switches */
static int loop_nest;		/* nesting of loops only */

static void scope_push(struct statement *compound)
{
	scope *s;

	if (nscopes == (int)(sizeof(scopes) / sizeof(scopes[0]))) {
		scope_overflow++;
		return;
	}
	s = &scopes[nscopes++];
	memset(s, 0, sizeof(*s));
	s->compound = compound;
	s->has_value = compound && compound == sci__value_block;
	s->loop_level = loop_level;
}

static void scope_add(struct symbol *sym)
{
	scope *s;

	if (!nscopes)
		return;
	s = &scopes[nscopes - 1];
	if (s->n == s->cap) {
		struct symbol **v;

		s->cap = s->cap ? s->cap * 2 : 8;
		v = sci_arena_alloc(s->cap * sizeof(*v));
		if (s->n)
			memcpy(v, s->syms, s->n * sizeof(*v));
		s->syms = v;
	}
	s->syms[s->n++] = sym;
}

/*
 * `__attribute__((cleanup(fn)))` on a local (glib's g_autofree, systemd's
 * _cleanup_free_; recorded by our sparse patch): fn(&var) runs wherever
 * var goes out of scope, and is walked as that call so that checkers see
 * it before the variable dies.
 */
static void run_cleanup(struct symbol *sym, struct position pos)
{
	struct expression *call, *fn, *var, *addr;

	if (!sym->cleanup || !sci__cur)
		return;
	fn = alloc_expression(pos, EXPR_SYMBOL);
	fn->symbol = sym->cleanup;
	fn->symbol_name = sym->cleanup->ident;
	var = alloc_expression(pos, EXPR_SYMBOL);
	var->symbol = sym;
	var->symbol_name = sym->ident;
	addr = alloc_expression(pos, EXPR_PREOP);
	addr->op = '&';
	addr->unop = var;
	call = alloc_expression(pos, EXPR_CALL);
	call->fn = fn;
	/* not add_expression(): its type check reads through the NULL head */
	__add_ptr_list((struct ptr_list **)&call->args, addr);
	sci__walk_expr(call);
}

/*
 * The variable a block ends with as its value: `_p` in the statement
 * expression `({ T _p = p; p = NULL; _p; })`.  Its value is still in use
 * when the block closes, so it does not die there.  Only a statement
 * expression's block has a value, and `(void)_p` is none: a function
 * body ending in `(void)p;` lets p die.
 */
static int is_block_value(scope *s, struct symbol *sym)
{
	struct statement *last;
	struct expression *e;

	if (!s->compound || !s->has_value)
		return 0;
	last = last_ptr_list((struct ptr_list *)s->compound->stmts);
	if (!last || last->type != STMT_EXPRESSION || !last->expression ||
	    last->expression->ctype == &void_ctype)
		return 0;
	e = sci__strip(last->expression);
	return e && e->type == EXPR_SYMBOL && e->symbol == sym;
}

/* @at_end: the block closes (rather than a jump leaving it). */
static void scope_end_one(scope *s, struct position pos, int at_end)
{
	int i;

	for (i = s->n - 1; i >= 0; i--) {
		run_cleanup(s->syms[i], pos);
		if (!at_end || !is_block_value(s, s->syms[i]))
			sci__fire_scope_end(s->syms[i], pos);
	}
}

static void scope_pop(struct position pos)
{
	if (scope_overflow) {
		scope_overflow--;
		return;
	}
	if (!nscopes)
		return;
	scope_end_one(&scopes[nscopes - 1], pos, 1);
	nscopes--;
}

/* Variables of every scope deeper than loop level @level go out of scope. */
static void scopes_leave_to_level(int level, struct position pos)
{
	int i;

	for (i = nscopes - 1; i >= 0 && scopes[i].loop_level >= level; i--)
		scope_end_one(&scopes[i], pos, 0);
}

static int is_ancestor(pending *p, struct statement *compound)
{
	int i;

	for (i = 0; i < p->nancestors; i++)
		if (p->ancestors[i] == compound)
			return 1;
	return 0;
}

/* A goto leaves every open block that does not enclose its label. */
static void scopes_leave_for_goto(pending *p, struct position pos)
{
	int i;

	for (i = nscopes - 1; i >= 0; i--) {
		if (scopes[i].compound && is_ancestor(p, scopes[i].compound))
			break;
		scope_end_one(&scopes[i], pos, 0);
	}
}

/* ------------------------------------------------ label pre-scan */

static struct statement *anc_stack[256];
static int nanc;

static void prescan_stmt(struct statement *stmt);

/*
 * Does straight-line code from @s on call a noreturn function before
 * anything jumps?  1: yes; 0: it may jump, loop or return first; -1: it
 * runs to its end and goes on (the statements after it decide).  An `if`
 * whose two ways both go on goes on.
 */
static int straight_noreturn(struct statement *s)
{
	struct statement *t;
	int r;

	if (!s)
		return -1;
	switch (s->type) {
	case STMT_EXPRESSION:
		return sci__is_noreturn_call(sci__strip(s->expression)) ? 1 : -1;
	case STMT_DECLARATION:
	case STMT_NONE:
		return -1;
	case STMT_LABEL:
		return straight_noreturn(s->label_statement);
	case STMT_IF:
		/* `if (udp) recv(...);` before the _exit(): both ways go on */
		if (straight_noreturn(s->if_true) == -1 &&
		    straight_noreturn(s->if_false) == -1)
			return -1;
		return 0;
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, t) {
			if ((r = straight_noreturn(t)) >= 0)
				return r;
		} END_FOR_EACH_PTR(t);
		return -1;
	default:
		return 0;
	}
}

/* Marks the labels of @list whose code ends the path (pending.dead_end). */
static void mark_dead_ends(struct statement_list *list)
{
	struct statement *s, *t;
	int found, r;

	FOR_EACH_PTR(list, s) {
		if (s->type != STMT_LABEL)
			continue;
		found = 0;
		FOR_EACH_PTR(list, t) {
			if (t == s)
				found = 1;
			if (!found)
				continue;
			if ((r = straight_noreturn(t)) >= 0) {
				find_pending(s->label_identifier)->dead_end = r;
				break;
			}
		} END_FOR_EACH_PTR(t);
	} END_FOR_EACH_PTR(s);
}

static void prescan_list(struct statement_list *list)
{
	struct statement *s;

	FOR_EACH_PTR(list, s) {
		prescan_stmt(s);
	} END_FOR_EACH_PTR(s);
	mark_dead_ends(list);
}

static void prescan_stmt(struct statement *stmt)
{
	pending *p;

	if (!stmt)
		return;
	switch (stmt->type) {
	case STMT_COMPOUND:
		if (nanc < 256)
			anc_stack[nanc] = stmt;
		nanc++;
		prescan_list(stmt->stmts);
		nanc--;
		break;
	case STMT_GOTO:
		if (stmt->goto_label && stmt->goto_label->type == SYM_LABEL) {
			p = find_pending(stmt->goto_label);
			if (p->prescan_seen)
				p->backward = 1;
		}
		if (!stmt->goto_label) {
			struct symbol *label;

			FOR_EACH_PTR(stmt->target_list, label) {
				p = find_pending(label);
				p->computed = 1;
				if (p->prescan_seen)
					p->computed_backward = 1;
			} END_FOR_EACH_PTR(label);
		}
		break;
	case STMT_LABEL:
		p = find_pending(stmt->label_identifier);
		p->prescan_seen = 1;
		p->nancestors = nanc < 256 ? nanc : 256;
		p->ancestors = sci_arena_alloc((p->nancestors + 1) * sizeof(*p->ancestors));
		memcpy(p->ancestors, anc_stack, p->nancestors * sizeof(*p->ancestors));
		prescan_stmt(stmt->label_statement);
		break;
	case STMT_IF:
		prescan_stmt(stmt->if_true);
		prescan_stmt(stmt->if_false);
		break;
	case STMT_ITERATOR:
		prescan_stmt(stmt->iterator_pre_statement);
		prescan_stmt(stmt->iterator_statement);
		prescan_stmt(stmt->iterator_post_statement);
		break;
	case STMT_SWITCH:
		prescan_stmt(stmt->switch_statement);
		break;
	case STMT_CASE:
		prescan_stmt(stmt->case_statement);
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------ statements */

typedef struct {
	struct expression *expr;
	const sci_stree *entry;
	const sci_rl *cases;	/* union of every case value */
	int has_default;
	unsigned branch_depth;	/* sci__branch_depth() at the switch */
} switch_ctx;

static switch_ctx switches[SCI_LIMIT_SWITCH_NESTING];
static int nswitches;

static void walk_declaration(struct symbol_list *syms)
{
	struct symbol *sym;

	FOR_EACH_PTR(syms, sym) {
		if (sym->ctype.modifiers & (MOD_STATIC | MOD_EXTERN))
			continue;
		if (sci__real_type(sym) && sci__real_type(sym)->type == SYM_FN)
			continue;
		scope_add(sym);
		/* a parameter's copy is the parameter (sci__param_copy()) */
		if (sym->initializer && !sci__param_copy(sym)) {
			struct expression *a = alloc_expression(sym->pos, EXPR_ASSIGNMENT);
			struct expression *v = alloc_expression(sym->pos, EXPR_SYMBOL);

			v->symbol = sym;
			v->symbol_name = sym->ident;
			a->op = '=';
			a->left = v;
			a->right = sym->initializer;
			sci__walk_expr(a);
		}
		sci__fire_declaration(sym);
	} END_FOR_EACH_PTR(sym);
}

/*
 * Where a block's variables die: the closing brace of the function body
 * (recorded by our sparse patch), else the last statement of the block,
 * since sparse keeps no closing position for inner blocks.
 */
static struct position block_end(struct statement *stmt,
				 struct statement **v, int n)
{
	if (stmt == body_stmt)
		return body_end;
	return n ? v[n - 1]->pos : stmt->pos;
}

/*
 * One pass of a loop-like region from @head; sets *exits to the paths
 * leaving it and returns the paths going round again.
 */
typedef const sci_stree *(*pass_fn)(void *ctx, const sci_stree *head,
				    const sci_stree **exits);

/*
 * Walks a region that can repeat.  Quiet passes learn what flows back;
 * values still changing between the last two heads are widened to their
 * type's range; the final pass reports.  Outer loops get three passes,
 * deeper ones two, the deepest one (cost stays bounded), whose exits also
 * take the widened head.  A loop walked in an enclosing loop's learning
 * pass gets one pass too, its exits taking the head unwidened.
 */
/* The values, then the checkers' states, the body moves. */
static const sci_stree *widen(const sci_stree *merged,
			      const sci_stree *entry, const sci_stree *back)
{
	return sci__fire_loop_change(sci__extra_widen(merged, entry, back),
				     entry, back, loop_nest);
}

/* learning passes of the enclosing loops */
static int learning;

static void iterate(pass_fn pass, void *ctx, const sci_stree *entry)
{
	const sci_stree *exits, *back, *head, *head2;
	int passes = loop_nest <= 2 ? 3 : loop_nest < MAX_LOOP_NEST ? 2 : 1;
	size_t nsaved;
	pending_save *saved = pendings_save(&nsaved);

	/*
	 * A function that has already taken this much memory (an
	 * interpreter's dispatch loop) gets one widened pass per loop from
	 * here on: less precise inside, but its memory grows with its size,
	 * not with its size times the passes of every enclosing loop.
	 */
	if (sci__arena_used() > SCI_LIMIT_PASSES_MEMORY)
		passes = 1;
	/*
	 * Inside an enclosing loop's learning pass only what flows back
	 * matters, and a single pass gives that (its exits below): nested
	 * loops cost passes added, not multiplied (5% of redis's
	 * instructions; the five trees', ITC's and Juliet's findings
	 * unchanged but for one true leak more on redis).
	 */
	if (learning)
		passes = 1;
	if (passes > 1 && entry) {
		sci__quiet++;
		learning++;
		back = pass(ctx, entry, &exits);
		head = entry;
		if (back) {
			head = sci__stree_merge_loop(entry, back);
			if (passes == 3) {
				pendings_restore(saved, nsaved);
				back = pass(ctx, head, &exits);
				head2 = sci__stree_merge_loop(entry, back);
				head = widen(head2, head, head2);
			} else {
				head = widen(head, entry, back);
			}
		}
		sci__quiet--;
		learning--;
		entry = head;
		pendings_restore(saved, nsaved);
	}
	back = pass(ctx, entry, &exits);
	if (passes == 1 && entry && back) {
		/*
		 * One pass saw only the first iteration: its exits would
		 * claim that what the body changes is still as it was on
		 * entry (a counter 0 after the loop).  The head after any
		 * number of iterations, widened, leaves the loop too - less
		 * precise than a narrowed exit, never wrong.  In an enclosing
		 * loop's learning pass the head after one iteration does: a
		 * value still moving there moves between the enclosing loop's
		 * heads too, and is widened by it, while one the body only sets
		 * (`mode = 2`) stays as precise as three passes leave it.
		 */
		head = sci__stree_merge_loop(entry, back);
		if (!learning)
			head = widen(head, entry, back);
		exits = sci__stree_merge(exits, head);
	}
	sci__cur = sci__fire_loop_exit(exits, back, loop_nest);
}

typedef struct {
	struct statement **v;
	int n;
	struct symbol *label;
} back_ctx;

static void walk_stmts(struct statement **v, int n);

/*
 * The statement walk_stmts() walks and the one before it in its block
 * (guards.c and lowfd.c read them).
 */
static struct statement *cur_stmt, *prev_stmt;

void sci__walk_statements(struct statement **cur, struct statement **prev)
{
	*cur = cur_stmt;
	*prev = prev_stmt;
}

/*
 * The rest of a block from the first label a later computed goto may
 * reach: every path through the dispatch point goes round again.  The
 * pass starts with the dispatch point holding the head, so each label
 * of the region sees what any goto of the previous passes sent.
 */
static const sci_stree *dispatch_pass(void *ctx, const sci_stree *head,
				      const sci_stree **exits)
{
	back_ctx *c = ctx;
	pending *d = find_pending(&dispatch_sym);

	take_pending(c->label);
	d->paths = head;
	sci__cur = head;
	sci__walk_stmt(c->v[0]);
	walk_stmts(c->v + 1, c->n - 1);
	*exits = sci__cur;
	/* the dispatch point stays, for labels after the region */
	return sci__stree_merge(take_pending(c->label), d->paths);
}

static const sci_stree *back_pass(void *ctx, const sci_stree *head,
				  const sci_stree **exits)
{
	back_ctx *c = ctx;

	take_pending(c->label);
	sci__cur = head;
	sci__walk_stmt(c->v[0]);
	walk_stmts(c->v + 1, c->n - 1);
	*exits = sci__cur;
	return take_pending(c->label);
}

/*
 * Statements of a block.  A label that a later goto jumps back to starts
 * a loop made of the rest of the block.
 */
static void walk_stmts(struct statement **v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pending *p = NULL;
		back_ctx c;

		if (v[i]->type == STMT_LABEL)
			p = find_pending(v[i]->label_identifier);
		if (p && p->computed_backward && !dispatch_region) {
			const sci_stree *entry;

			c.v = v + i;
			c.n = n - i;
			c.label = p->label;
			entry = sci__stree_merge(sci__cur, take_pending(p->label));
			entry = sci__stree_merge(entry, find_pending(&dispatch_sym)->paths);
			loop_nest++;
			dispatch_region = 1;
			iterate(dispatch_pass, &c, entry);
			dispatch_region = 0;
			loop_nest--;
			return;
		}
		if (p && p->backward) {
			c.v = v + i;
			c.n = n - i;
			c.label = p->label;
			loop_nest++;
			iterate(back_pass, &c,
				sci__stree_merge(sci__cur, take_pending(p->label)));
			loop_nest--;
			return;
		}
		prev_stmt = i ? v[i - 1] : NULL;
		cur_stmt = v[i];
		sci__walk_stmt(v[i]);
	}
}

static void walk_compound(struct statement *stmt)
{
	struct statement *s, **v;
	int n = 0, i;

	scope_push(stmt);
	FOR_EACH_PTR(stmt->stmts, s) {
		n++;
	} END_FOR_EACH_PTR(s);
	v = sci_arena_alloc((n + 1) * sizeof(*v));
	i = 0;
	FOR_EACH_PTR(stmt->stmts, s) {
		v[i++] = s;
	} END_FOR_EACH_PTR(s);

	walk_stmts(v, n);
	scope_pop(block_end(stmt, v, n));
}

static void walk_if(struct statement *stmt)
{
	const sci_stree *t, *f, *after_true;
	/* the statement before it, when it is one of its block's */
	struct statement *prev = cur_stmt == stmt ? prev_stmt : NULL;
	unsigned depth = sci__branch_depth();
	int choice;

	sci__fire_whole_condition(stmt->if_conditional);
	sci__split_condition(stmt->if_conditional, &t, &f);
	/* a condition decided on this path is no step of it */
	choice = t && f;
	sci__cur = t;
	if (choice)
		sci__branch_push(stmt->pos, "taking the true branch");
	sci__walk_stmt(stmt->if_true);
	sci__branch_truncate(depth);
	after_true = sci__cur;
	sci__cur = f;
	if (choice && stmt->if_false)
		sci__branch_push(stmt->pos, "taking the false branch");
	sci__walk_stmt(stmt->if_false);
	sci__branch_truncate(depth);
	sci__guards_note_if(stmt, prev, t, f, after_true, sci__cur);
	sci__cur = sci__stree_merge(after_true, sci__cur);
}

static void walk_return(struct statement *stmt)
{
	sci__walk_expr(stmt->ret_value);
	if (!sci__cur)
		return;
	sci__fire_return(stmt->ret_value, stmt->pos);
	sci__summary_return(stmt->ret_value);
	scopes_leave_to_level(0, stmt->pos);
	jump_to(stmt->ret_target);
	sci__cur = NULL;
}

/* One pass of a loop starting from @head; returns the back edge. */
/*
 * A counting loop: `for (i = c0; i < C; i++)` (also `<=`, `!=`, `++i`,
 * `i += 1`) with constants c0 <= C, i a local the body never changes.
 * Stepping by one from below, its test first fails at exactly C (C + 1
 * for `<=`): that is i's value on the exits through the test, where
 * widening alone would say C..max.
 */
typedef struct {
	struct statement *stmt;
	struct expression *counter;	/* i, or NULL: not a counting loop */
	const sci_rl *exit_value;
	/*
	 * The test holds on entry (`for (i = 0; i < 28; i++)`): no path
	 * leaves through it before one pass of the body, so its exits are
	 * taken from the states that went round (after the loop, what the
	 * body did is done at least once).
	 */
	int enters;
	/*
	 * A test with no effects that may fail on entry: the loop's exits
	 * are the test failing there (@zero, before any pass of the body)
	 * joined with it failing on the states that went round, so that
	 * after the loop the two stay apart: `n` counted in the body is
	 * non-zero exactly where the body ran (`if (n && p[-1] == '-')`).
	 */
	int split_exits;
	const sci_stree *zero;
	/*
	 * `for (...; i < n; i += step)` with a step not known to be one: the
	 * test bounds i only softly, since the last value the loop reaches
	 * may lie below the last one the test allows (SCI_RL_STRIDED).
	 */
	struct expression *strided, *step;
} loop_ctx;

/*
 * Variables, constants, reads and operators: a test with no effects.
 * With @loop, also: every variable it reads changes in that loop, so a
 * test failing on entry says something of the loop's own cursor (`*p`,
 * `p != NULL`) only.  A bound the loop leaves alone (`i < n`) failing on
 * entry would say n is 0: no evidence that it can be (git's `for (i = 0;
 * i < n; i++) ...; x % n` with n >= 1 checked elsewhere).
 */
static int plain_test_in(struct expression *e, struct statement *loop,
			 int depth)
{
	e = sci__strip(e);
	if (!e || depth > 16)
		return 0;
	switch (e->type) {
	case EXPR_SYMBOL:
		return !loop ||
		       sci__stmt_writes(loop->iterator_statement, e->symbol) ||
		       sci__stmt_writes(loop->iterator_post_statement,
					e->symbol);
	case EXPR_VALUE:
	case EXPR_SIZEOF:
		return 1;
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_BINOP:
		return plain_test_in(e->left, loop, depth + 1) &&
		       plain_test_in(e->right, loop, depth + 1);
	case EXPR_PREOP:	/* a[i] and *p read too */
		return (e->op == '!' || e->op == '-' || e->op == '~' ||
			e->op == '*') && plain_test_in(e->unop, loop, depth + 1);
	case EXPR_DEREF:
		return plain_test_in(e->deref, loop, depth + 1);
	default:
		return 0;
	}
}

/*
 * The loop's test on the current states, quietly: where it fails
 * (returned) and, into *@holds, where it holds.  sci__cur is left as it was.
 */
static const sci_stree *test_quietly(struct statement *stmt,
				     const sci_stree **holds)
{
	const sci_stree *save = sci__cur, *t, *f;

	sci__quiet++;
	sci__split_condition(stmt->iterator_pre_condition, &t, &f);
	sci__quiet--;
	sci__cur = save;
	*holds = t;
	return f;
}

static int enters_surely(struct statement *stmt)
{
	const sci_stree *t, *f;

	if (!sci__cur || !plain_test_in(stmt->iterator_pre_condition, NULL, 0))
		return 0;
	f = test_quietly(stmt, &t);
	return t && !f;
}

static int steps_by_one(struct statement *post, struct symbol *i)
{
	struct expression *e, *v;
	sci_val one;

	if (!post || post->type != STMT_EXPRESSION)
		return 0;
	e = sci__strip(post->expression);
	if (!e)
		return 0;
	if ((e->type == EXPR_PREOP || e->type == EXPR_POSTOP) &&
	    e->op == SPECIAL_INCREMENT)
		v = e->unop;
	else if (e->type == EXPR_ASSIGNMENT && e->op == SPECIAL_ADD_ASSIGN &&
		 sci__const_val(e->right, &one) && one == 1)
		v = e->left;
	else
		return 0;
	v = sci__strip(v);
	return v && v->type == EXPR_SYMBOL && v->symbol == i;
}

/*
 * The local integer @post steps by an amount that is not a constant
 * (`i += step`, `i -= n`, `i = i + k`), or NULL; the amount in *@by.  A
 * constant step is seen by the widening already: the values it gives
 * have gaps.
 */
static struct expression *steps_by_variable(struct statement *post,
					    struct expression **step)
{
	struct expression *e, *v, *by;
	sci_val k;

	if (!post || post->type != STMT_EXPRESSION ||
	    !(e = sci__strip(post->expression)) || e->type != EXPR_ASSIGNMENT)
		return NULL;
	v = sci__strip(e->left);
	if (!v || v->type != EXPR_SYMBOL || !sci_sym_is_local(v->symbol) ||
	    !sci__type_is_int(sci__expr_type(v)))
		return NULL;
	if (e->op == SPECIAL_ADD_ASSIGN || e->op == SPECIAL_SUB_ASSIGN) {
		by = e->right;
	} else if (e->op == '=') {
		struct expression *r = sci__strip(e->right), *l;

		if (!r || r->type != EXPR_BINOP || (r->op != '+' && r->op != '-'))
			return NULL;
		l = sci__strip(r->left);
		if (!l || l->type != EXPR_SYMBOL || l->symbol != v->symbol)
			return NULL;
		by = r->right;
	} else {
		return NULL;
	}
	*step = by;
	return sci__const_val(by, &k) ? NULL : v;
}

static void counting_loop(loop_ctx *c)
{
	struct statement *stmt = c->stmt;
	struct expression *cond = sci__strip(stmt->iterator_pre_condition);
	struct expression *l;
	struct symbol *i;
	sci_val limit, start;
	long long v;

	c->counter = NULL;
	if (!sci__cur || !cond || cond->type != EXPR_COMPARE ||
	    (cond->op != '<' && cond->op != SPECIAL_LTE &&
	     cond->op != SPECIAL_NOTEQUAL))
		return;
	l = sci__strip(cond->left);
	if (!l || l->type != EXPR_SYMBOL || !(i = l->symbol) ||
	    !sci_sym_is_local(i) || !sci__type_is_int(sci__expr_type(l)) ||
	    !sci__const_val(cond->right, &limit) ||
	    !sci_value_key_known(sci_key_sym(i), &v))
		return;
	start = v;
	if (cond->op == SPECIAL_LTE)
		limit++;
	if (start > limit || limit > sci_vt_max(sci__vtype(sci__expr_type(l))) ||
	    !steps_by_one(stmt->iterator_post_statement, i) ||
	    sci__stmt_writes(stmt->iterator_statement, i))
		return;
	c->counter = l;
	c->exit_value = sci_rl_range(limit, limit);
}

/* Where the test fails on the current states, a counter at its end. */
static const sci_stree *test_fails(const loop_ctx *c)
{
	const sci_stree *t, *f = test_quietly(c->stmt, &t);

	if (c->counter && f)
		f = sci__extra_narrow(f, c->counter, c->exit_value);
	return f;
}

static const sci_stree *loop_pass(loop_ctx *c, const sci_stree *head,
				  const sci_stree **exits)
{
	struct statement *stmt = c->stmt;
	const sci_stree *t, *f;
	unsigned depth = sci__branch_depth();
	long long one;

	take_pending(stmt->iterator_break);
	take_pending(stmt->iterator_continue);
	sci__cur = head;
	/* a step known to be one value here (`int step = 1`) leaves no gap */
	if (c->strided && head && !sci_value_known(c->step, &one))
		sci__cur = sci__extra_strided(head, c->strided);
	*exits = NULL;
	if (stmt->iterator_pre_condition) {
		sci__fire_whole_condition(stmt->iterator_pre_condition);
		sci__split_condition(stmt->iterator_pre_condition, &t, &f);
		if (c->counter && f)
			f = sci__extra_narrow(f, c->counter, c->exit_value);
		*exits = c->enters || c->split_exits ? NULL : f;
		sci__cur = t;
		if (t && f)
			sci__branch_push(stmt->pos, "entering the loop body");
	}
	loop_level++;
	sci__walk_stmt(stmt->iterator_statement);
	loop_level--;
	sci__branch_truncate(depth);
	sci__cur = sci__stree_merge(sci__cur, take_pending(stmt->iterator_continue));
	sci__walk_stmt(stmt->iterator_post_statement);
	/* the test again, on the states that went round */
	if ((c->enters || c->split_exits) && sci__cur)
		*exits = test_fails(c);
	if (c->split_exits)
		*exits = sci__stree_merge(c->zero, *exits);
	if (stmt->iterator_post_condition) {
		sci__fire_whole_condition(stmt->iterator_post_condition);
		sci__split_condition(stmt->iterator_post_condition, &t, &f);
		*exits = sci__stree_merge(*exits, f);
		sci__cur = t;
	}
	*exits = sci__stree_merge(*exits, take_pending(stmt->iterator_break));
	return sci__cur;
}

static const sci_stree *loop_pass_fn(void *ctx, const sci_stree *head,
				     const sci_stree **exits)
{
	return loop_pass(ctx, head, exits);
}

static void walk_loop(struct statement *stmt)
{
	loop_ctx c = { 0 };

	c.stmt = stmt;
	scope_push(NULL);
	walk_declaration(stmt->iterator_syms);
	sci__walk_stmt(stmt->iterator_pre_statement);
	counting_loop(&c);
	c.strided = steps_by_variable(stmt->iterator_post_statement, &c.step);
	c.enters = enters_surely(stmt);
	if (!c.enters && sci__cur &&
	    plain_test_in(stmt->iterator_pre_condition, stmt, 0)) {
		c.split_exits = 1;
		c.zero = test_fails(&c);
	}
	loop_nest++;
	iterate(loop_pass_fn, &c, sci__cur);
	loop_nest--;
	scope_pop(stmt->pos);
}

/*
 * The values a case label matches, converted like the controlling
 * expression @ctl (promoted): `case -1:` of an unsigned switch is UINT_MAX.
 */
static const sci_rl *case_rl(struct statement *c, struct expression *ctl)
{
	sci_vtype t = sci_vt_promote(sci__vtype(sci__expr_type(ctl)));
	sci_val lo, hi;

	if (!c->case_expression || !sci__const_val(c->case_expression, &lo))
		return NULL;
	hi = lo;
	if (c->case_to && !sci__const_val(c->case_to, &hi))
		return NULL;
	return sci_rl_cast(sci_rl_range(lo, hi), t);
}

static void walk_switch(struct statement *stmt)
{
	switch_ctx *ctx;
	struct symbol *label;
	const sci_stree *end;
	int known = 1;

	sci__walk_expr(stmt->switch_expression);
	if (nswitches == SCI_LIMIT_SWITCH_NESTING) {
		sci__limits_stop(stmt->pos, "switch statements nested more than "
				 SCI_STRINGIFY(SCI_LIMIT_SWITCH_NESTING) " deep");
		sci__cur = NULL;
		return;
	}
	ctx = &switches[nswitches++];
	memset(ctx, 0, sizeof(*ctx));
	ctx->expr = stmt->switch_expression;
	ctx->entry = sci__cur;
	ctx->cases = sci_rl_range(1, 0);
	ctx->branch_depth = sci__branch_depth();
	FOR_EACH_PTR(stmt->switch_case->symbol_list, label) {
		const sci_rl *rl;

		if (!label->stmt->case_expression) {
			ctx->has_default = 1;
			continue;
		}
		rl = case_rl(label->stmt, ctx->expr);
		if (rl)
			ctx->cases = sci_rl_union(ctx->cases, rl);
		else
			known = 0;
	} END_FOR_EACH_PTR(label);
	if (!known)
		ctx->cases = NULL;

	take_pending(stmt->switch_break);
	sci__cur = NULL;	/* code before the first case is unreachable */
	loop_level++;
	sci__walk_stmt(stmt->switch_statement);
	loop_level--;
	end = sci__stree_merge(sci__cur, take_pending(stmt->switch_break));
	if (!ctx->has_default) {
		const sci_stree *none = ctx->entry;

		if (ctx->cases)
			none = sci__extra_narrow(ctx->entry, ctx->expr,
				sci_rl_minus(sci__type_rl(sci__expr_type(ctx->expr)),
					     ctx->cases));
		end = sci__stree_merge(end, none);
	}
	sci__branch_truncate(ctx->branch_depth);
	nswitches--;
	sci__cur = end;
}

static void walk_case(struct statement *stmt)
{
	switch_ctx *ctx;
	const sci_stree *in;
	const sci_rl *rl;

	if (!nswitches) {
		sci__walk_stmt(stmt->case_statement);
		return;
	}
	ctx = &switches[nswitches - 1];
	in = ctx->entry;
	if (stmt->case_expression) {
		rl = case_rl(stmt, ctx->expr);
		if (rl)
			in = sci__extra_narrow(ctx->entry, ctx->expr, rl);
	} else if (ctx->cases) {
		in = sci__extra_narrow(ctx->entry, ctx->expr,
			sci_rl_minus(sci__type_rl(sci__expr_type(ctx->expr)),
				     ctx->cases));
	}
	sci__cur = sci__stree_merge(sci__cur, in);
	/* falling through from the case above: this case is the step now */
	sci__branch_truncate(ctx->branch_depth);
	if (in)
		sci__branch_push(stmt->pos, stmt->case_expression ?
				 "jumping to this case" :
				 "jumping to the default case");
	sci__walk_stmt(stmt->case_statement);
}

static void walk_goto(struct statement *stmt)
{
	struct symbol *target = stmt->goto_label;

	if (!target) {
		/* computed goto: every address-taken label may be next */
		sci__walk_expr(stmt->goto_expression);
		jump_to(&dispatch_sym);
		sci__cur = NULL;
		return;
	}
	if (!sci__cur)
		return;
	if (target->type == SYM_LABEL) {
		pending *p = find_pending(target);

		/*
		 * A jump to code that ends the process leaks nothing: the
		 * blocks it leaves end quietly (the label's code is walked
		 * as usual).
		 */
		sci__quiet += p->dead_end;
		scopes_leave_for_goto(p, stmt->pos);
		sci__quiet -= p->dead_end;
	} else {
		/* break/continue: leave the blocks inside the loop or switch */
		scopes_leave_to_level(loop_level, stmt->pos);
	}
	jump_to(target);
	sci__cur = NULL;
}

static void walk_asm(struct statement *stmt)
{
	struct asm_operand *op;
	struct symbol *label;

	FOR_EACH_PTR(stmt->asm_inputs, op) {
		sci__walk_expr(op->expr);
	} END_FOR_EACH_PTR(op);
	FOR_EACH_PTR(stmt->asm_outputs, op) {
		const sci_key *k = sci_key_expr(op->expr);

		if (k) {
			sci__extra_unknown(k);
			sci__relation_forget(k);
			sci__fire_modify(k, op->expr, stmt->pos);
		}
	} END_FOR_EACH_PTR(op);
	FOR_EACH_PTR(stmt->asm_labels, label) {
		jump_to(label);
	} END_FOR_EACH_PTR(label);
}

static void walk_stmt(struct statement *stmt)
{
	pending *p;

	sci__fire_stmt(stmt);
	switch (stmt->type) {
	case STMT_DECLARATION:
		walk_declaration(stmt->declaration);
		break;
	case STMT_EXPRESSION:
		sci__walk_expr(stmt->expression);
		break;
	case STMT_COMPOUND:
		walk_compound(stmt);
		break;
	case STMT_IF:
		walk_if(stmt);
		break;
	case STMT_RETURN:
		walk_return(stmt);
		break;
	case STMT_ITERATOR:
		walk_loop(stmt);
		break;
	case STMT_SWITCH:
		walk_switch(stmt);
		break;
	case STMT_CASE:
		walk_case(stmt);
		break;
	case STMT_LABEL:
		p = find_pending(stmt->label_identifier);
		sci__cur = sci__stree_merge(sci__cur, take_pending(p->label));
		if (p->computed)
			sci__cur = sci__stree_merge(sci__cur,
						    find_pending(&dispatch_sym)->paths);
		sci__walk_stmt(stmt->label_statement);
		break;
	case STMT_GOTO:
		walk_goto(stmt);
		break;
	case STMT_ASM:
		sci__gexits_unknown();	/* it may store anywhere */
		walk_asm(stmt);
		break;
	default:	/* STMT_NONE, STMT_CONTEXT, STMT_RANGE */
		break;
	}
}

void sci__walk_stmt(struct statement *stmt)
{
	if (!stmt)
		return;
	/* labels and cases can make unreachable code reachable again */
	if (!sci__cur && stmt->type != STMT_LABEL && stmt->type != STMT_CASE &&
	    stmt->type != STMT_COMPOUND && stmt->type != STMT_IF &&
	    stmt->type != STMT_ITERATOR && stmt->type != STMT_SWITCH)
		return;
	if (!sci__nest_enter(stmt->pos))
		return;
	walk_stmt(stmt);
	sci__nest_leave();
}

static void walk_params(struct symbol *base)
{
	struct symbol *arg;

	FOR_EACH_PTR(base->arguments, arg) {
		sci__fire_declaration(arg);
	} END_FOR_EACH_PTR(arg);
}

void sci__walk_function(struct symbol *fn)
{
	struct symbol *base = fn->ctype.base_type;
	struct statement *body = base->stmt ? base->stmt : base->inline_stmt;
	struct position end = fn->endpos;

	if (end.line < fn->pos.line)
		end = body->pos;	/* sparse without our endpos patch */
	body_stmt = body;
	body_end = end;
	pendings = NULL;
	dispatch_region = 0;
	nscopes = 0;
	scope_overflow = 0;
	nswitches = 0;
	loop_level = 0;
	loop_nest = 0;
	learning = 0;
	sci__quiet = 0;
	nanc = 0;
	cur_stmt = prev_stmt = NULL;
	sci__guards_reset();
	sci__branch_reset();
	sci__contexts_reset();
	prescan_stmt(body);

	sci__cur = SCI_STREE_EMPTY;
	sci__fire_func(0, fn);
	walk_params(base);
	sci__untrusted_params(fn);
	sci__callers_entry(fn);
	sci__walk_stmt(body);
	if (sci__cur) {
		/* falling off the end is a return without a value */
		sci__fire_return(NULL, end);
		sci__summary_return(NULL);
		jump_to(body->ret);
	}
	sci__cur = body->ret ? take_pending(body->ret) : sci__cur;
	sci__fire_func(1, fn);
	sci__cur = NULL;
}
