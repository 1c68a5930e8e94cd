/*
 * checker.h - the complete API for checkers (src/checks/ includes only this).
 *
 * A checker is a descriptor (struct sci_checker) whose init() registers typed
 * hooks with sci_on_*().  While the engine walks a function it calls those
 * hooks; the checker keeps states per key (a variable, a member path such as
 * "p->next", or any name) with sci_state_set()/sci_state_get() and reports
 * findings with sci_report().  The engine copies the states at every branch,
 * merges them at every join and narrows them with implications, so a
 * checker reasons about one path at a time.
 *
 * Syntax trees are sparse's, but opaque here: checkers use the sci_expr_*,
 * sci_call_* and sci_sym_* queries below.  Everything the engine hands out is
 * owned by the engine (arena memory for the current function unless noted);
 * a checker never frees it.
 */
#ifndef SCI_ANALYZER_CHECKER_H
#define SCI_ANALYZER_CHECKER_H

#include <stddef.h>

/*
 * This header is also smatch-ci's public API for checker plugins: it is
 * installed as <smatch-ci/checker.h> and must compile on its own (libc's
 * <stddef.h> only; no sparse or engine header).  A plugin records the
 * version it was built with (struct sci_plugin) and smatch-ci loads only
 * plugins of its own version (docs/plugins.md).
 *
 * NOTE: bump SCI_CHECKER_API_VERSION with any change after which a plugin
 * built against the old header could misbehave: a struct's layout
 * (sci_checker, sci_plugin, sci_object, ...), a function's signature or
 * meaning, a constant's value, a function removed.  Adding a function
 * does not bump it: an old plugin does not call it, and a plugin that does
 * fails to load on an older smatch-ci (undefined symbol).
 */
#define SCI_CHECKER_API_VERSION 2

struct expression;
struct statement;
struct symbol;
typedef struct expression sci_expr;
typedef struct statement sci_stmt;
typedef struct symbol sci_sym;

/* Owner id the engine gives a checker at init. */
typedef int sci_checker_id;

/* NOTE: same order and values as sci_level in util/diag.h. */
typedef enum {
	SCI_SEV_NOTE = 0,
	SCI_SEV_WARNING = 1,
	SCI_SEV_ERROR = 2
} sci_severity;

/* ---------------------------------------------------------------- states */

/*
 * A state value.  States are compared by pointer: declare each one once with
 * SCI_STATE(name).  @data is free for the owner (the value model keeps its
 * range list there).
 */
typedef struct sci_state {
	const char *name;
	const void *data;
} sci_state;

#define SCI_STATE(x) static const sci_state x = { #x, NULL }

/* The state of a key that was never set on some path. */
extern const sci_state sci_undefined;
/* Default result of merging two different states. */
extern const sci_state sci_merged;

/* An interned key; compare by pointer. */
typedef struct sci_key sci_key;
/* One (owner, key, state) entry with its history; see sci_sm_*. */
typedef struct sci_sm sci_sm;

/* A source position.  @path is borrowed (lives as long as the TU). */
typedef struct {
	const char *path;
	unsigned line;
	unsigned col;
} sci_pos;

/* ------------------------------------------------------------ descriptor */

typedef struct {
	const char *name;
	const char *type;	/* "bool", "int", "string" */
	const char *def;
	const char *help;
} sci_checker_option;

struct sci_checker {
	const char *rule;		/* kebab-case id, e.g. "memory-leak" */
	const char *summary;		/* one line: SARIF shortDescription */
	const char *description;	/* a paragraph: SARIF fullDescription */
	sci_severity severity;		/* default level of findings */
	const char *cwe;		/* "CWE-401" or NULL */
	const char *tags;		/* space separated, e.g. "memory reliability" */
	int enabled_by_default;
	const char *const *deps;	/* NULL-terminated rule ids run before us */
	const sci_checker_option *options;	/* NULL-terminated by name */
	/*
	 * Merge of two different states of one key at a join; NULL gives
	 * sci_merged.  Must be commutative; may return @a or @b.
	 */
	const sci_state *(*merge)(const sci_state *a, const sci_state *b);
	/*
	 * State to assume for @key on a path where the checker never set it,
	 * used when the other side of a join has one; NULL gives sci_undefined.
	 */
	const sci_state *(*unmatched)(const sci_key *key);
	/*
	 * Called at a join for each side whose state of @key differs from the
	 * other side's, with the current path being that side; returns the
	 * state to merge for it (e.g. to settle a state using what the value
	 * model knows on that side).  NULL keeps states as they are.
	 */
	const sci_state *(*pre_merge)(const sci_key *key, const sci_state *mine,
				      const sci_state *other);
	void (*init)(sci_checker_id me);
};

/* --------------------------------------------------------------- plugins */

/*
 * A plugin (a shared object loaded with `smatch-ci --plugin FILE.so`)
 * exports one descriptor, named SCI_PLUGIN_SYMBOL, listing its checkers:
 *
 *	static const struct sci_checker *const checkers[] = { &banned, NULL };
 *	SCI_PLUGIN_EXPORT const struct sci_plugin sci_plugin = {
 *		.api_version = SCI_CHECKER_API_VERSION,
 *		.name = "my-project-checks",
 *		.checkers = checkers,
 *	};
 *
 * A descriptor rather than an init function: smatch-ci reads the version
 * and validates every checker before any plugin code runs, and refuses
 * the plugin as a whole (docs/plugins.md).  Each checker's init() is
 * called as a built-in checker's is, when it is enabled for a run.
 */
#define SCI_PLUGIN_SYMBOL "sci_plugin"
#define SCI_PLUGIN_EXPORT __attribute__((visibility("default")))

struct sci_plugin {
	int api_version;	/* SCI_CHECKER_API_VERSION; keep it first */
	const char *name;	/* for messages, e.g. "my-project-checks" */
	/* NULL-terminated; rule ids must not clash with any other checker's */
	const struct sci_checker *const *checkers;
};

/* ------------------------------------------------------------------ keys */

/**
 * Key for an lvalue-like expression: a variable ("p"), a member path
 * ("p->next", "s.a.b"), a dereference ("*p").  Casts and parentheses are
 * looked through.  Returns NULL for anything else (calls, arithmetic).
 */
const sci_key *sci_key_expr(sci_expr *e);
/** Key for a variable. */
const sci_key *sci_key_sym(sci_sym *sym);
/** Key for the @n-th (0-based) argument of a call, or NULL. */
const sci_key *sci_key_arg(sci_expr *call, int n);
/** Key for an arbitrary name (a lock, a capability). */
const sci_key *sci_key_named(const char *name);
/**
 * Key for the memory the variable @sym points to, or for the elements of
 * the array @sym: "*p", the key a caller's argument reaches as the
 * callee's `*p` (sci_carry_state()).
 */
const sci_key *sci_key_pointee(sci_sym *sym);
/**
 * Key for the file-scope variable @name itself (not a member), when the
 * function being walked has one (it names the variable), else NULL.
 */
const sci_key *sci_key_global(const char *name);
/** The key's printable name, e.g. "p->next".  Lives for the function. */
const char *sci_key_name(const sci_key *key);
/** The variable the key is rooted at ("p" for "p->next"), or NULL. */
sci_sym *sci_key_base(const sci_key *key);
/** True when @key is the variable itself (not a member or deref of it). */
int sci_key_is_var(const sci_key *key);

/* ------------------------------------------------------------- state API */

/** Sets @key's state on the current path (ignored on unreachable paths). */
void sci_state_set(sci_checker_id me, const sci_key *key, const sci_state *s);
/** @key's state on the current path, or NULL if never set. */
const sci_state *sci_state_get(sci_checker_id me, const sci_key *key);
/** The entry for @key, or NULL.  Arena (function). */
const sci_sm *sci_sm_get(sci_checker_id me, const sci_key *key);

/**
 * Only inside a condition hook: the state @key gets on the side of the
 * branch where the condition leaf is true / false.  NULL leaves a side
 * unchanged.
 */
void sci_state_set_true_false(sci_checker_id me, const sci_key *key,
			      const sci_state *when_true,
			      const sci_state *when_false);

const sci_state *sci_sm_state(const sci_sm *sm);
const sci_key *sci_sm_key(const sci_sm *sm);
/** Number of distinct states @sm may have on the paths merged into it. */
size_t sci_sm_npossible(const sci_sm *sm);
const sci_state *sci_sm_possible_at(const sci_sm *sm, size_t i);
/** True when @s is among the possible states of @sm. */
int sci_sm_has_possible(const sci_sm *sm, const sci_state *s);
/**
 * Where a path set @sm to @s (the first such path found), or where @sm was
 * set when @s is NULL.  Returns 0 and fills @out, or -1 if unknown.
 */
int sci_sm_where(const sci_sm *sm, const sci_state *s, sci_pos *out);
/**
 * True when some path merged into @sm has @s and every path that has it
 * got it on @line's line (a loop's earlier pass of this statement).
 */
int sci_sm_only_on_line(const sci_sm *sm, const sci_state *s, sci_pos line);
/**
 * When @sm is the join at a loop's head, of the state the loop was
 * entered with and the one its back edge brought round: the back edge's
 * side (what the body's previous pass left, on every path that goes
 * round again).  Else NULL.
 */
const sci_sm *sci_sm_loop_back(const sci_sm *sm);

/**
 * True when the checker of @rule runs and, on some path merged here, keeps
 * @key in the state named @state (its SCI_STATE name): for a checker that
 * leaves a finding to a more precise one (impossible-condition leaves
 * `n < 0` after `n = read(...)` to unsigned-negative).
 */
int sci_state_possible_of(const char *rule, const sci_key *key,
			  const char *state);

/*
 * Iterate the checker's entries on the current path (a snapshot: setting
 * states inside the loop is safe):
 *	SCI_FOR_EACH_STATE(me, sm) { ... } SCI_END_FOR_EACH_STATE(sm);
 */
const sci_sm *const *sci_state_snapshot(sci_checker_id me, size_t *n);
#define SCI_FOR_EACH_STATE(me, sm)					\
	do {								\
		size_t sm##_n_, sm##_i_;				\
		const sci_sm *const *sm##_a_ = sci_state_snapshot(me, &sm##_n_); \
		for (sm##_i_ = 0; sm##_i_ < sm##_n_; sm##_i_++) {	\
			const sci_sm *sm = sm##_a_[sm##_i_];
#define SCI_END_FOR_EACH_STATE(sm)					\
		}							\
	} while (0)

/* ----------------------------------------------------------------- hooks */

typedef void (*sci_expr_fn)(sci_expr *expr, void *payload);
typedef void (*sci_stmt_fn)(sci_stmt *stmt, void *payload);
typedef void (*sci_assign_fn)(sci_expr *left, sci_expr *right, sci_pos pos,
			      void *payload);
typedef void (*sci_call_fn)(sci_expr *call, void *payload);
typedef void (*sci_call_assign_fn)(sci_expr *call, sci_expr *left,
				   void *payload);
typedef void (*sci_implies_fn)(sci_expr *call, const sci_key *result,
			       void *payload);
typedef void (*sci_return_fn)(sci_expr *value, sci_pos pos, void *payload);
typedef void (*sci_deref_fn)(sci_expr *pointer, sci_pos pos, void *payload);
typedef void (*sci_sym_fn)(sci_sym *sym, void *payload);
typedef void (*sci_modify_fn)(const sci_key *key, sci_expr *target,
			      sci_pos pos, void *payload);
typedef void (*sci_scope_fn)(sci_sym *sym, sci_pos pos, void *payload);
typedef const sci_state *(*sci_loop_fn)(const sci_key *key,
					const sci_state *state,
					const sci_state *back, int depth,
					void *payload);
typedef void (*sci_func_fn)(sci_sym *fn, void *payload);
typedef void (*sci_void_fn)(void *payload);

/** Every expression, after its operands were walked. */
void sci_on_expr(sci_checker_id me, sci_expr_fn fn, void *payload);
/** Every statement, before it is walked. */
void sci_on_stmt(sci_checker_id me, sci_stmt_fn fn, void *payload);
/**
 * Assignments, including declarations with an initializer (then @left is
 * the variable).  "before" runs after both sides were walked but before the
 * value model records the new value; "after" runs once it has.  For a
 * compound assignment @right is the value stored: `x op y` for `x op= y`
 * (`p += 4` stores `p + 4`).
 */
void sci_on_assign_before(sci_checker_id me, sci_assign_fn fn, void *payload);
void sci_on_assign(sci_checker_id me, sci_assign_fn fn, void *payload);
/**
 * Calls to @name, or every call when @name is NULL, after the arguments
 * were walked and before the value model forgets what the call may change
 * (globals, memory reachable from the arguments): the values seen are
 * those passed.
 */
void sci_on_call(sci_checker_id me, const char *name, sci_call_fn fn,
		 void *payload);
/** `left = name(...)` (also in declarations), after the assignment. */
void sci_on_call_assign(sci_checker_id me, const char *name,
			sci_call_assign_fn fn, void *payload);
/**
 * "Return implies": on the side of a condition where the value returned
 * by @name lies in [@min, @max] - tested directly, `if (!name())`, or
 * through the variable it was stored in, `p = name(); if (!p)` - @fn runs
 * and the states it sets apply to that side.  @result is the variable's
 * key (NULL when tested directly).  @min LLONG_MIN and @max LLONG_MAX
 * mean "no bound" (a pointer's values go past LLONG_MAX).
 */
void sci_on_return_implies(sci_checker_id me, const char *name, long long min,
			   long long max, sci_implies_fn fn, void *payload);
/** A leaf of a condition (after `!`, &&, ||, ?: were split away). */
void sci_on_condition(sci_checker_id me, sci_expr_fn fn, void *payload);
/** A whole condition of if/while/for/do/?:, before it is split. */
void sci_on_whole_condition(sci_checker_id me, sci_expr_fn fn, void *payload);
/** return statements (@value may be NULL) and falling off the end. */
void sci_on_return(sci_checker_id me, sci_return_fn fn, void *payload);
/**
 * Dereferences of @pointer: `*p`, `p->m`, `p[i]`.  Not `&p->m`, not inside
 * sizeof/typeof.  `p[i]` and `*(p + i)` fire twice: with the address
 * (`p + i`) and with the pointer variable p itself.
 */
void sci_on_deref(sci_checker_id me, sci_deref_fn fn, void *payload);
/** Declarations of local variables (after the initializer). */
void sci_on_declaration(sci_checker_id me, sci_sym_fn fn, void *payload);
/**
 * @key is modified: assigned, ++/--, or its address passed to a call.
 * Also fires for keys rooted at it ("p->x" when p is assigned).
 */
void sci_on_modify(sci_checker_id me, sci_modify_fn fn, void *payload);
/**
 * Loops are walked in a few passes (engine.md, "Loops"), and a checker's
 * state that stands for "so far" (elements written, a count) can move
 * with every pass as a counter does.  At the head of a pass that starts
 * from what earlier passes brought round, for each of the checker's keys
 * whose state the body changed, the hook gets @state, the join's, and
 * @back, the state that came round (NULL: none), and returns the state
 * the pass starts from, or NULL to keep @state.  @depth is the loop's
 * nesting, 1 for an outermost loop.  A checker widens there what the
 * value model cannot: the passes are few, the iterations may be many.
 */
void sci_on_loop_change(sci_checker_id me, sci_loop_fn fn, void *payload);
/**
 * After a loop's last pass, for each of the checker's keys on the paths
 * that leave it: @state is the state there and @back the state at the
 * end of that pass's body (NULL when no path goes round); returns the
 * state after the loop, or NULL to keep @state.  A leaving path may have
 * gone round any number of times first.
 */
void sci_on_loop_exit(sci_checker_id me, sci_loop_fn fn, void *payload);
/**
 * A local variable goes out of scope on the current path (end of block,
 * return, break/continue/goto out of the block).  A variable with
 * __attribute__((cleanup(fn))) has had the call fn(&var) walked first.
 * The variable a statement expression ends with (`({ ...; v; })`, its
 * value) does not go out of scope at that block's end.
 */
void sci_on_scope_end(sci_checker_id me, sci_scope_fn fn, void *payload);
/**
 * Start of a walk of a function.  A function may be walked more than once
 * (again with its callers' values, engine.md "Callers' values"): a
 * checker that keeps anything outside the states (a "reported" flag, the
 * last expression seen) resets it here.
 */
void sci_on_func_start(sci_checker_id me, sci_func_fn fn, void *payload);
/** End of the function, with the merged states of every return path. */
void sci_on_func_end(sci_checker_id me, sci_func_fn fn, void *payload);
void sci_on_file_end(sci_checker_id me, sci_void_fn fn, void *payload);

/* ------------------------------------------------------------- reporting */

typedef struct sci_finding sci_finding;

/**
 * Reports a finding at @pos.  @key is the semantic key of the finding
 * (usually a variable name; used in fingerprints, so no line numbers).
 * The message must not contain line numbers: use sci_finding_related().
 * The engine adds the branches the walk took to reach @pos (the `if`,
 * loop and switch case steps of the finding's path, docs/explain.md).
 * Findings on paths the engine walks only to approximate loops are
 * dropped, and duplicates are merged.  Returns a handle valid until the
 * next sci_report(), or NULL when dropped.
 */
sci_finding *sci_report(sci_checker_id me, sci_pos pos, const char *key,
			const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void sci_finding_related(sci_finding *f, sci_pos pos, const char *message);
/**
 * Attaches a fix to @f (SARIF `fixes[]`): the text @old, which starts at
 * @pos (a token's position) and lies on that one line, becomes @new_text.
 * Attached only when the source file reads @old there - so the fix
 * applies cleanly - and @pos is no macro expansion; returns 0 then, -1
 * (and no fix) otherwise.  A later call replaces the fix.
 */
int sci_finding_fix(sci_finding *f, sci_pos pos, const char *old,
		    const char *new_text);
/**
 * Attaches a fix that puts @before and @after around source code: from
 * where @from starts to the end of the token at @last, on one line of the
 * finding's file.  @from must start with an identifier, a number or a
 * '(' there; the token at @last is an identifier, a number (or a macro
 * name), or a '(' with its group up to the matching ')'; and the first
 * character after it, past spaces, must be one of @stops or the end of
 * the line - so what is wrapped ends where the operand does.  Returns 0,
 * or -1 (and no fix) when the source does not read so.
 */
int sci_finding_fix_wrap(sci_finding *f, sci_expr *from, sci_pos last,
			 const char *stops, const char *before,
			 const char *after);
/**
 * True when the source text at @pos (no macro expansion) starts a number
 * or a character constant written out, not a name: `0x10`, `'a'`, not
 * `FLAG` or an enum's constant.  Reads the line: ask only when needed.
 */
int sci_pos_is_number(sci_pos pos);

/* ------------------------------------------------------ syntax queries */

sci_pos sci_expr_pos(sci_expr *e);
sci_pos sci_stmt_pos(sci_stmt *s);
sci_pos sci_sym_pos(sci_sym *sym);
/** The current function's name. */
const char *sci_func_name(void);
/** Name of the macro whose expansion produced the code at @pos, or NULL. */
const char *sci_pos_macro(sci_pos pos);

/** Looks through parentheses and casts. */
sci_expr *sci_expr_strip(sci_expr *e);
/** The variable @e names (after stripping), or NULL. */
sci_sym *sci_expr_var(sci_expr *e);
/** True when @e is a null pointer constant (0, (void *)0, NULL). */
int sci_expr_is_null(sci_expr *e);
/** True when @e is an integer constant; stores it in @out. */
int sci_expr_const(sci_expr *e, long long *out);
/** True when @e's type is a pointer (or an array). */
int sci_expr_is_pointer(sci_expr *e);
/**
 * When @e (after stripping) is an arithmetic binary operation, or a
 * compound assignment (`x /= y` counts as '/'), returns its operator
 * ('+', '/', '%', '&', ...; shifts as '<' and '>') and sets @l and @r.
 * 0 otherwise.
 */
int sci_expr_binop(sci_expr *e, sci_expr **l, sci_expr **r);
/** True when @e is a comparison (==, <, ...); @l and @r get its operands. */
int sci_expr_compare_operands(sci_expr *e, sci_expr **l, sci_expr **r);
/**
 * For a comparison @e, the orderings of @l against @r under which it is
 * true (SCI_REL_* below: `<=` is SCI_REL_LT | SCI_REL_EQ, `!=` is
 * SCI_REL_LT | SCI_REL_GT); 0 when @e is no comparison.
 */
int sci_expr_compare_rels(sci_expr *e, sci_expr **l, sci_expr **r);
/** True when @e's type (after stripping) is a floating type. */
int sci_expr_is_float(sci_expr *e);
/** True when @e itself (not stripped) is a cast to an integer type. */
int sci_expr_is_integer_cast(sci_expr *e);
/**
 * True when @e is a floating or integer constant (`0.0F`, `-1e-6`, `0`,
 * through casts); stores its value in @out.
 */
int sci_expr_float_const(sci_expr *e, double *out);
/**
 * When @e (after stripping) is `l && r` returns '&', `l || r` returns '|'
 * and sets @l and @r; 0 otherwise.
 */
int sci_expr_logical(sci_expr *e, sci_expr **l, sci_expr **r);
/**
 * For a comparison @e whose two sides are the same value, or the same
 * value and that value plus or minus a constant (`x == x`, `n == n - 1`),
 * returns what the algebra decides: 1 always true, 0 always false, -1
 * not decided (`x < x + 1` for an unsigned x wraps at its end; floats
 * can be NaN).
 */
int sci_expr_compare_self(sci_expr *e);
/**
 * When the condition leaf @leaf tests a pointer against NULL (`p`,
 * `p == NULL`, `NULL != p`, `(p = f()) == NULL`, a call of a library
 * model's null-test= function such as the kernel's IS_ERR_OR_NULL(p)...),
 * returns the pointer expression and sets
 * *@null_when_true to whether p is NULL on the leaf's true side.
 */
sci_expr *sci_cond_null_test(sci_expr *leaf, int *null_when_true);
/** True when @e is `&x` (after stripping); @out gets x. */
int sci_expr_is_addr_of(sci_expr *e, sci_expr **out);
/**
 * True when the value of @e may point into the memory @key points to:
 * @key itself, a cast of it, `key + n`, `&key->m`, `&key[i]`, or such a
 * value inside ?:, a comma, an assignment or an initializer list.  Not
 * through dereferences (`key->m` reads memory, it does not point into it)
 * and not through calls.
 */
int sci_expr_points_into(sci_expr *e, const sci_key *key);
/**
 * True when @e designates storage of a local variable of the current
 * function itself: the variable, a member reached without a pointer, or
 * an element of a local array at a constant index (`s.in.p`, `a[2]`,
 * `s.v[1]`; not `s.p->x`, `*p`, `a[i]`, nor a member of a union, which
 * its other members overlap, unless they all have one type: then they
 * are one place, named as its first member).
 */
int sci_expr_is_local_storage(sci_expr *e);
/**
 * While @e is walked as a whole argument of a call (casts aside), that
 * call, with the argument's index in *@index; else NULL.  Expression hooks
 * see an argument before its call.
 */
sci_expr *sci_expr_passed_to(sci_expr *e, int *index);
/**
 * While @e is walked as the whole value of a plain assignment `left = e`
 * (a declaration's initializer too), its left side; else NULL.
 */
sci_expr *sci_expr_copied_to(sci_expr *e);
/**
 * True while @e is walked as the left side of an assignment (`g = 1`,
 * `p->m = x`: its subexpressions such as p are read, @e itself is
 * written).  Local storage on the left is not walked at all.
 */
int sci_expr_is_assign_target(sci_expr *e);
/**
 * True while @e is walked as the operand of `++` or `--` (`n++`: read,
 * then written by the same expression).
 */
int sci_expr_is_incdec_operand(sci_expr *e);
/**
 * When @e is `*p` and p is a local pointer that only ever holds `&x` and
 * is only dereferenced (the engine's keys name `*p` as x), x; else NULL.
 * sci_sym_alias_of() answers for p itself.
 */
sci_sym *sci_expr_alias_target(sci_expr *e);
sci_sym *sci_sym_alias_of(sci_sym *p);
/**
 * True when the object @e designates holds the storage @key names: @e is
 * @key itself, or a variable or member that @key is a member path of
 * (`s` and `s.in` both hold "s.in.p"; `s.p` does not hold "s.p->x").
 */
int sci_expr_contains_key(sci_expr *e, const sci_key *key);
/**
 * True when @e names the variable @var anywhere in its operators (`p++`,
 * `base + off`, `c ? p : q`, `p->next`), not inside calls' arguments or
 * sizeof.
 */
int sci_expr_mentions(sci_expr *e, sci_sym *var);
/** Printable text for @e, e.g. "p->next" or "foo(...)".  Arena. */
const char *sci_expr_text(sci_expr *e);

/**
 * When @e (after stripping) is `a[i]`, `*(a + i)` or the address `a + i`
 * with @a an array (not a pointer), sets @array and @index.
 */
int sci_expr_index(sci_expr *e, sci_expr **array, sci_expr **index);
/** The number of elements of the array @e (from its type), or 0. */
long long sci_expr_array_count(sci_expr *e);
/**
 * When @e reads or writes one element of what a variable points to or
 * holds - `a[i]`, `*(a + i)`, `*a`, `p->m`, `a[i].m.n` (members of the
 * element are the element) - returns the variable's expression (a or p;
 * sci_expr_symbol() gives the variable) and sets @index to the index
 * expression, or to NULL for element 0.  An element that is itself an
 * array (`m[i]` of `int m[3][4]`) is not one.  Else returns NULL.
 */
sci_expr *sci_expr_element(sci_expr *e, sci_expr **index);
/**
 * The address the lvalue @e is reached through: `p` of `*p` and `p->m`,
 * `a + i` of `a[i]`, `p++` of `*p++` (members of what it points to are
 * looked through: `p[i].m`); NULL for a variable or a member of one.
 */
sci_expr *sci_expr_address_of_lvalue(sci_expr *e);
/** True when @e's type is an integer type (not a pointer or float). */
int sci_expr_is_integer(sci_expr *e);
/** True when @e (after stripping) has an enum type. */
int sci_expr_is_enum(sci_expr *e);
/** True when @e's integer type is unsigned. */
int sci_expr_is_unsigned(sci_expr *e);
/** The width in bits of @e's integer type as written, or 0. */
int sci_expr_bits(sci_expr *e);

/** True when @e is a function call (after stripping). */
int sci_expr_is_call(sci_expr *e);
/**
 * True when the function @call calls belongs to the system, not the
 * project: it has a library model, or its declaration comes from a system
 * header (under /usr/include, /usr/local/include or the compiler's own
 * directories).  0 for calls through pointers.
 */
int sci_call_is_library(sci_expr *call);
/**
 * When the function @call calls may return a negative integer in its own
 * (signed) return type: its summary (this TU's or another's) has a value
 * below 0 that is no mere bound of its type, its library model's range=
 * allows one, or it is a library function returning a signed integer
 * without range= (POSIX: -1 on error).  Returns 1 and stores the highest
 * such value (-1 for -1 / -errno) in @neg; 0 otherwise, also for a callee
 * returning an unsigned type.
 */
int sci_call_negative_result(sci_expr *call, long long *neg);
/* How a call's result is treated where the call stands (sci_call_result_use) */
#define SCI_RESULT_USED 0	/* in an expression, condition, argument... */
#define SCI_RESULT_DISCARDED 1	/* an expression statement: `f();` */
#define SCI_RESULT_VOIDED 2	/* an explicit discard: `(void)f();` */

/**
 * SCI_RESULT_DISCARDED when @call (not stripped) is the whole of an
 * expression statement, parentheses aside - also in a for loop's first
 * and third clause - but not the last statement of a statement expression
 * `({ ...; f(); })`, whose value it is; SCI_RESULT_VOIDED for the same
 * behind a cast to void; SCI_RESULT_USED otherwise.
 */
int sci_call_result_use(sci_expr *call);
/**
 * True when @call never returns: the library models' noreturn, the
 * profile's "noreturn", a summary where no path returns, or a declaration
 * with __attribute__((noreturn)) / _Noreturn.
 */
int sci_call_is_noreturn(sci_expr *call);
/** The called function's name, or NULL for calls through pointers. */
const char *sci_call_name(sci_expr *call);
int sci_call_nargs(sci_expr *call);
/** The @n-th argument (0-based), or NULL. */
sci_expr *sci_call_arg(sci_expr *call, int n);

const char *sci_sym_name(sci_sym *sym);
/** Local automatic variable of the current function (not static). */
int sci_sym_is_local(sci_sym *sym);
int sci_sym_is_param(sci_sym *sym);
/** @sym's position among the current function's parameters, or -1. */
int sci_sym_param_index(sci_sym *sym);
int sci_sym_is_pointer(sci_sym *sym);

/** True when @sym's type is an integer, enum, float or pointer. */
int sci_sym_is_scalar(sci_sym *sym);
/** True when @sym's type is a struct (not a union). */
int sci_sym_is_struct(sci_sym *sym);
/** True when the declaration of @sym has an initializer. */
int sci_sym_has_initializer(sci_sym *sym);
/**
 * The number of elements of the array variable @sym when its type gives
 * it and its elements are no arrays themselves, else 0.
 */
long long sci_sym_array_count(sci_sym *sym);
/**
 * The number of scalars (elements of the innermost non-array type) of the
 * array variable @sym, over all its dimensions (`int a[5][6]`: 30;
 * `int a[5]`: 5), when its type gives them, else 0.
 */
long long sci_sym_array_leaves(sci_sym *sym);
/**
 * The variable when @e itself (not stripped) is a use of a variable's
 * name, else NULL.  Such an expression reaches an expression hook only
 * where the variable's value is read: `&x`, sizeof operands and the
 * variable or member chain on the left of `=` are not walked.
 */
sci_sym *sci_expr_symbol(sci_expr *e);
/** True when @e itself (not stripped) is a member access `x.m` or `p->m`. */
int sci_expr_is_member(sci_expr *e);
/**
 * When @e is a member reached through a pointer (`p->m`, `p->in.m`,
 * `(*p).m`), not an array or a bitfield: @pointer gets p, @offset the
 * member's byte offset in *p, @size its size.
 */
int sci_expr_member_access(sci_expr *e, sci_expr **pointer, long long *offset,
			   long long *size);
/** True when @e's type is an integer, enum, float or pointer. */
int sci_expr_is_scalar(sci_expr *e);

/* ------------------------------------------- shape of the source text */
/*
 * For checkers of how code is written (syntax.c).  Unless noted these do
 * not strip: parentheses the programmer wrote stay visible as a node that
 * sci_expr_is_paren() recognises (the mandatory ones of `if (...)` make
 * none).
 */

/** True when @s is an if statement; sets its parts (@els may be NULL). */
int sci_stmt_if(sci_stmt *s, sci_expr **cond, sci_stmt **then, sci_stmt **els);
/** The expression of an expression statement `e;`, else NULL. */
sci_expr *sci_stmt_expr(sci_stmt *s);
/**
 * The first statement @s runs: @s itself, or the first of a block (of a
 * block...); NULL for an empty block.
 */
sci_stmt *sci_stmt_first(sci_stmt *s);
/** True when @s is NULL, `;`, `{}`, `do {} while (0)` or a block of such. */
int sci_stmt_is_empty(sci_stmt *s);
/**
 * True when @e (after parentheses) is `c ? t : f` (not GNU `c ?: f`);
 * sets its three operands.
 */
int sci_expr_conditional(sci_expr *e, sci_expr **cond, sci_expr **t,
			 sci_expr **f);
/**
 * When @e itself is an assignment written as one, returns '=' for a plain
 * one (else another nonzero operator code) and sets @l and @r; 0
 * otherwise - also for the assignment the engine walks for a
 * declaration's initializer (`int x = v;`).
 */
int sci_expr_assign(sci_expr *e, sci_expr **l, sci_expr **r);
/** True when @e itself is a pair of parentheses written in the source. */
int sci_expr_is_paren(sci_expr *e);
/** True when @e itself is `!x`; @operand gets x (parentheses kept). */
int sci_expr_not(sci_expr *e, sci_expr **operand);
/**
 * When @e itself is `l == r` returns '=', `l != r` returns '!', and sets
 * the operands (parentheses kept); 0 otherwise.
 */
int sci_expr_equality(sci_expr *e, sci_expr **l, sci_expr **r);
/**
 * True when @e (after parentheses) is a truth value by its shape or type:
 * a comparison, `&&`, `||`, `!x`, or of type _Bool.
 */
int sci_expr_is_truth(sci_expr *e);
/**
 * True when @e (after stripping) is a sizeof; @operand gets the operand
 * expression (parentheses kept), or NULL for `sizeof(type)`.
 */
int sci_expr_sizeof(sci_expr *e, sci_expr **operand);
/**
 * True when @sz is `sizeof(type)` and that type is the pointer type of @e
 * itself (`sizeof(struct conf *)` for `struct conf *c`), qualifiers
 * included.
 */
int sci_expr_sizeof_type_of(sci_expr *sz, sci_expr *e);
/**
 * True when @e (after parentheses) is an array object - not a parameter
 * declared as an array, which is a pointer.
 */
int sci_expr_is_array(sci_expr *e);
/**
 * True when the value of @e is an address that C makes non-NULL: a
 * function this file defines (`f`, `&f`), an array, or the address of a
 * variable (`&x`) that is local, a parameter or defined in this file.  An
 * extern declaration is not (a weak symbol's address may be NULL).  *@what
 * gets "a function", "an array" or "the address of a variable".
 */
int sci_expr_never_null(sci_expr *e, const char **what);
/**
 * Size in bytes of what the pointer or array @e points to; 0 for void,
 * functions, incomplete types and non-pointers.
 */
long long sci_expr_pointee_size(sci_expr *e);
/** The same for the pointer or array variable @sym. */
long long sci_sym_pointee_size(sci_sym *sym);
/** True when what the pointer or array @e points to is a pointer or array. */
int sci_expr_pointee_is_pointer(sci_expr *e);
/**
 * The variable before which a prefix operator applies to the whole of @e:
 * @e (outer parentheses aside) is a chain of `.m`, `->m` and `*` ending
 * in a variable, with no parentheses inside (`s->p`, `*pp`, `a.b.c`; not
 * `(*p).m`, `p[i]`, casts).  Writing `*` before that variable's name
 * gives `*` of all of @e.  NULL otherwise.
 */
sci_expr *sci_expr_prefix_point(sci_expr *e);
/** True when the lvalue @e is volatile-qualified (also `*p`, `s->m`). */
int sci_expr_is_volatile(sci_expr *e);
/**
 * True when @a and @b are the same code: the same tree (parentheses
 * aside) over the same variables, constants and types, each node coming
 * from the same macro or from none (`FOO` and `BAR` both expanding to 1
 * differ).  Declarations, initializer lists and calls of the debug
 * intrinsics (`__sci_value(x)` reports the path it is on) never compare
 * the same.  Side effects are not considered: `f()` is the same as `f()`.
 */
int sci_expr_same(sci_expr *a, sci_expr *b);
/** As sci_expr_same() for statements (either may be NULL). */
int sci_stmt_same(sci_stmt *a, sci_stmt *b);

/* --------------------------------------------------------- value model */

/** True when @e has exactly one possible value on this path; stores it. */
int sci_value_known(sci_expr *e, long long *out);
/**
 * True when @e is NULL / 0 on every path reaching here, as the program
 * says (not a NULL a walk with its callers' values assumed for a
 * parameter: engine.md, "Callers' values").
 */
int sci_value_is_null(sci_expr *e);
/**
 * True when @e is NULL here only by assumption: every caller of a walk
 * with its callers' values (engine.md, "Callers' values") passed NULL.
 * sci_value_is_null() is false for it.
 */
int sci_value_assumed_null(sci_expr *e);
/** True when @e can't be NULL / 0 here. */
int sci_value_is_nonnull(sci_expr *e);
/** True when @key has exactly one possible value on this path. */
int sci_value_key_known(const sci_key *key, long long *out);
/**
 * The lowest and highest value @key can have on this path (a variable's
 * own type bounds what nothing narrowed); values above LLONG_MAX (a
 * pointer, an unsigned 64-bit value) count as LLONG_MAX.  0 when the path
 * is unreachable.
 */
int sci_value_key_bounds(const sci_key *key, long long *min, long long *max);
/**
 * True when, on the paths merged here on which @key can be 0 (by the
 * implied states: `if (p == NULL && n != 0) die();` leaves p NULL only
 * with n 0), @e is one known value, into *@out.
 */
int sci_value_known_if_zero(const sci_key *key, sci_expr *e, long long *out);
/**
 * For a comparison @e (after stripping): 1 if the types of its operands
 * alone make it always true, 0 if always false, -1 if not decided (or @e
 * is no comparison).  A constant operand counts as its value, any other
 * as every value of its type (enums count as unknown: their underlying
 * type is the compiler's choice).  `u < 0` with unsigned u is 0.
 */
int sci_expr_compare_by_types(sci_expr *e);

/**
 * True when @e holds or points to data read from input on some path
 * reaching here (rand(), scanf'd variables, buffers fgets/read/recv filled,
 * getenv(), main's argv, atoi/strtol of those, copies and arithmetic of
 * them).  Checks narrow such a value but do not end it: its soft bounds
 * are reachable by whoever writes the input.
 */
int sci_value_untrusted(sci_expr *e);

/* Orderings between two values, for sci_value_relation(). */
#define SCI_REL_LT 1
#define SCI_REL_EQ 2
#define SCI_REL_GT 4
#define SCI_REL_ANY 7

/**
 * The orderings of @a against @b still possible on this path, from the
 * comparisons and copies the path made (`if (i < n)`, `len = size`), also
 * through one other value (i < len, len <= size: i < size): SCI_REL_LT
 * alone means a < b is certain; SCI_REL_ANY means nothing is known.
 * Values whose relation changed since (`i = f()`) are unknown again.
 */
int sci_value_relation(sci_expr *a, sci_expr *b);

/**
 * True when @e has a relation to some other value on this path whose
 * orderings all lie in @rels: `sci_value_related(i, SCI_REL_LT |
 * SCI_REL_EQ)` after `if (i > n) return;` (an upper bound check against
 * a value, whatever that value is).  A copy (`i = j`, equal and nothing
 * else) counts only when @rels is SCI_REL_EQ alone; otherwise j's own
 * relations count for i.
 */
int sci_value_related(sci_expr *e, int rels);

/**
 * What @earlier being @truth alone says of @leaf, both simple comparisons
 * of values and constants (`x > 10` and `x < 5`, `a < b` and `a > b`):
 * 1 @leaf is then true, 0 false, -1 nothing (also for other shapes).
 * Nothing else the path knows takes part.
 */
int sci_cond_decides(sci_expr *earlier, int truth, sci_expr *leaf);

/* sci_value_bounds() flags: the bound is below/above the type's end */
#define SCI_VALUE_MIN_KNOWN 1
#define SCI_VALUE_MAX_KNOWN 2
/**
 * The lowest and highest value of @e on this path, in @e's type (clamped
 * to long long).  Returns SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN for the
 * bounds the value model learned from the program; a bound a type gave
 * says nothing and is not flagged: the end of @e's type (an unknown int is
 * INT_MIN..INT_MAX) or of a narrower type the value came from (a copy of
 * an unsigned char is 0..255, "soft").  0 when @e has
 * no value here (unreachable path).
 */
int sci_value_bounds(sci_expr *e, long long *min, long long *max);
/**
 * True when some path reaching here gave @e exactly the value @v (an
 * assignment, a check, a case label) and the current path still allows
 * it: @v is one of the merged possibilities, not merely inside an unknown
 * range.
 */
int sci_value_possibly(sci_expr *e, long long v);

/*
 * The object a pointer points into (issue "Values"): an array (a local,
 * a global, a struct member such as `s->name`), a string literal, `&x` of
 * a variable, or a block from malloc/calloc/realloc/alloca whose size the
 * value model knows exactly.  Offsets are in bytes from the object's start.
 */
typedef struct {
	const char *name;	/* "buf", "s->name", "malloc(...)": arena */
	long long size;		/* the object's size in bytes */
	long long off_min;	/* lowest and highest byte offset of the */
	long long off_max;	/* pointer on this path */
	int known;		/* SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN */
	long long access;	/* bytes a dereference surely reads: sizeof(*p)
				 * for a scalar, 1 for a struct, union or void
				 * (`p->m` reads only m) */
	int kind;		/* where it lives: SCI_OBJECT_* */
	/*
	 * For SCI_OBJECT_CALLER, where the callers' object lives when they
	 * agree (SCI_OBJECT_STACK, _STATIC, _STRING, _HEAP), else
	 * SCI_OBJECT_UNKNOWN; for the other kinds, the kind itself.
	 */
	int origin;
	unsigned flags;		/* SCI_OBJECT_UNWRITTEN */
	/* with SCI_OBJECT_UNWRITTEN: the bytes some path of the callers
	 * wrote (none when written_lo > written_hi) */
	long long written_lo, written_hi;
} sci_object;

/*
 * sci_object.flags of a SCI_OBJECT_CALLER object: the callers followed
 * what their paths wrote of it, and no path wrote a byte outside
 * written_lo..written_hi (sci_carry_unwritten_if()).
 */
#define SCI_OBJECT_UNWRITTEN 1u

/* sci_object.kind */
enum {
	SCI_OBJECT_UNKNOWN = 0,	/* a member array reached through a pointer */
	SCI_OBJECT_STACK,	/* a local variable or array, alloca() */
	SCI_OBJECT_STATIC,	/* a global or static variable or array */
	SCI_OBJECT_STRING,	/* a string literal */
	SCI_OBJECT_HEAP,	/* a block from an allocator */
	/*
	 * What a parameter points into in a walk with its callers' values
	 * (engine.md, "Callers' values"): the caller's object, whose size
	 * pairs with the tuple's values but not with what the callee reads
	 * elsewhere (a size in a struct, a mode flag).  Report an access of
	 * it only when its length or index is exact.
	 */
	SCI_OBJECT_CALLER
};

/**
 * What is known about the object the pointer expression @p points into on
 * this path: a pointer variable or member the engine tracks (`p = buf + 8`,
 * `p++`, `p += k`, `q = p`), and `p + i`, `&buf[i]`, `buf` themselves.
 * Returns 1 and fills @out, or 0 when the object or its size is unknown.
 * @out->known flags the offset bounds the program gave (as for
 * sci_value_bounds(): a bound a type or a widened loop gave is soft and
 * not flagged).  The bounds of a sum of two ranges - an offset the pointer
 * has on several paths plus an index with several values, `p[i]` - are
 * never flagged: the two may be related (`p = buf + off; p[len - 1]` after
 * `off + len <= sizeof buf`) in a way the model does not keep.
 */
int sci_value_object(sci_expr *p, sci_object *out);
/**
 * The array the pointer expression @p points into on this path, as
 * sci_value_object() knows it, by its key ("buf", "s->name"); NULL for
 * blocks, strings, a variable's address or an unknown object.
 */
const sci_key *sci_value_object_key(sci_expr *p);
/** The same for what the pointer variable or member @ptr holds. */
const sci_key *sci_value_key_object_key(const sci_key *ptr);

/**
 * True when the memory @e (a variable or member path) points to was
 * released on every path reaching here - by free(), a deallocator of the
 * library models or the project profile, or a function whose summary
 * frees that parameter - and @e was not given another value since.
 * Copies count: `q = p; free(p);` frees q too.  Not realloc(), which frees
 * only when it succeeds.  @where (may be NULL) gets the release.
 */
int sci_value_freed(sci_expr *e, sci_pos *where);
/**
 * True when @e is a local variable or parameter and the memory it points
 * to was released on some path reaching here that the implied states
 * still allow (a condition tested since rules out the paths it excludes),
 * though not on every one (then sci_value_freed() is true instead).
 * Both are false in a function that calls setjmp().  @where (may be NULL)
 * gets one such release.
 */
int sci_value_maybe_freed(sci_expr *e, sci_pos *where);

/*
 * Was the stream or descriptor @e holds closed on every path here (as
 * implied states tell paths apart; a path where it holds NULL or a
 * negative descriptor counts)?  Closed by the C library's fclose(),
 * pclose(), closedir() or close(), also through copies; any new value
 * ends it.  @where (may be NULL) gets the close.
 */
int sci_value_closed(sci_expr *e, sci_pos *where);
/**
 * The length, in characters of @unit bytes (1 for char, 4 for wchar_t),
 * of the string @p points to, when it is known on this path: a string
 * literal, or an array every write of which was seen (an initializer,
 * memset() and a NUL stored, strcpy() of a known string...; the engine's
 * strlen.c says what it follows).  Returns 0 when unknown.
 */
int sci_value_strlen(sci_expr *p, int unit, long long *len);
/** Is @call the C library's fclose(), pclose(), closedir() or close()? */
int sci_call_closes(sci_expr *call);
/**
 * The argument @call closes: 0 for the C library's closers above, the
 * parameter a project function closes on every path that returns (its
 * summary's `closes`), or -1.
 */
int sci_call_close_arg(sci_expr *call);

/* sci_call_opens() */
#define SCI_OPENS_STREAM 1	/* a FILE or DIR stream; NULL on failure */
#define SCI_OPENS_FD 2		/* a file descriptor; negative on failure */
/**
 * Does @call open a stream or a descriptor its caller must close?  The C
 * library's openers (fopen, opendir, popen, open, socket, accept, dup,
 * mkstemp...) and project functions whose summary says every path
 * returns such a call's result or the failure value.  SCI_OPENS_*, or 0.
 */
int sci_call_opens(sci_expr *call);
/** The C library's openers of @kind (SCI_OPENS_*), NULL-terminated. */
const char *const *sci_library_openers(int kind);

/* ----------------------------------------------------------------- locks */

/*
 * The lock model (issue "The checker suite", docs/engine.md "Locks"): a
 * lock is named by what the lock function is given (`&s->lock` is
 * "s->lock", `&g_lock` "g_lock", a `pthread_mutex_t *m` "m").  Lock
 * functions are the library models' (pthread mutexes, rwlocks, spinlocks),
 * the profile's "locks" pairs, and project functions whose summary takes
 * or releases a lock on every path that returns.
 */

/* What a call does to a lock (sci_lock_effect). */
#define SCI_LOCK_ACQUIRE 1
#define SCI_LOCK_TRY 2		/* acquires only where it returns 0 */
#define SCI_LOCK_RELEASE 3

/**
 * The @i-th (from 0) lock effect of @call: returns SCI_LOCK_ACQUIRE,
 * SCI_LOCK_TRY or SCI_LOCK_RELEASE and sets @key to the lock and @shared
 * to whether it is the read side of a rwlock; 0 when @call has no @i-th.
 * In a call hook the lock states are still those before the call.
 */
int sci_lock_effect(sci_expr *call, int i, const sci_key **key, int *shared);

/* What the current path knows of a lock (sci_lock_status). */
#define SCI_LOCK_HELD 1
#define SCI_LOCK_HELD_SHARED 2	/* the read side of a rwlock */
#define SCI_LOCK_RELEASED 3

/**
 * What this function did to @key on every path reaching here: held
 * (SCI_LOCK_HELD or SCI_LOCK_HELD_SHARED), released (SCI_LOCK_RELEASED),
 * or 0 when the paths disagree or the function never touched it (a lock
 * its caller took is 0 until the function releases it).  @where (may be
 * NULL) gets the call that took or released it.
 */
int sci_lock_status(const sci_key *key, sci_pos *where);

/* A lock that one return path of the function held or released. */
typedef struct {
	const char *lock;	/* its name, e.g. "s->lock" */
	sci_pos ret;		/* the return (or the closing brace) */
	sci_pos where;		/* where that path took / released it */
	int held;		/* 1 held, 0 released */
	int value;		/* what it returns: SCI_LOCK_RET_* */
	int own;		/* released after this function took it */
} sci_lock_exit;

/* sci_lock_exit.value */
#define SCI_LOCK_RET_NONE 0	/* no value (void) */
#define SCI_LOCK_RET_ZERO 1	/* 0 or NULL on every path merged here */
#define SCI_LOCK_RET_POSITIVE 2	/* above 0, or a pointer not known NULL */
#define SCI_LOCK_RET_NEGATIVE 3	/* below 0 (an error code) */
#define SCI_LOCK_RET_OTHER 4	/* anything else */

/**
 * In a function-end hook: for each return path (in walk order; loops'
 * approximation passes left out), each lock it held or released on every
 * path merged into it.  Returns how many; *@out is arena (function).
 */
size_t sci_lock_exits(const sci_lock_exit **out);
/**
 * In a return hook: the @i-th (from 0) lock that this function took and
 * that every path merged here still holds, or NULL past the last; @where
 * (may be NULL) gets where it was taken.
 */
const sci_key *sci_lock_held_here(size_t i, sci_pos *where);
/** True when no path reaching here took or released @key in this function. */
int sci_lock_untouched(const sci_key *key);
/**
 * True when @fn is given to pthread_create() or thrd_create() in this
 * translation unit as a thread's start routine: it starts holding no
 * lock, and a lock it leaves held when it returns is never released.
 */
int sci_fn_is_thread_start(sci_sym *fn);

/* ------------------------------------------------------------ profiles */

/**
 * True when @name allocates memory the caller must free (malloc...) on
 * every call.  Not realpath() or getcwd(): they allocate only for a NULL
 * buffer argument (sci_profile_is_alloc_call).
 */
int sci_profile_is_alloc(const char *name);
/**
 * True when the call @call allocates memory the caller must free: a call
 * of an allocator (sci_profile_is_alloc), or of a function that allocates
 * when its buffer argument is NULL and here gets NULL (`realpath(path,
 * NULL)`, `getcwd(NULL, 0)`; not `realpath(path, buf)`).
 */
int sci_profile_is_alloc_call(sci_expr *call);
/**
 * When @name is a library allocator whose block size is an argument (n)
 * or the product of two (n * m; @m -1 otherwise): 1 and the argument
 * indexes (from 0), else 0.  malloc: 0; calloc: 0 * 1; realloc: 1.
 */
int sci_profile_size_args(const char *name, int *n, int *m);
/**
 * The arguments of @call that size memory: a library allocator's size
 * arguments (sci_profile_size_args(); *@what "size"), or the length of
 * memcpy, memmove, memset, strncpy, memcmp, snprintf (*@what "length").
 * Returns how many it stored in @out (0 to 2).
 */
int sci_call_size_operands(sci_expr *call, sci_expr *out[2],
			   const char **what);
/**
 * Every function that may allocate (either of the above), NULL-terminated:
 * where one returns NULL, nothing was allocated.
 */
const char *const *sci_profile_allocators(void);
/** Which argument @name frees (0-based), or -1 if it frees nothing. */
int sci_profile_free_arg(const char *name);
/**
 * The parameter the project function @name closes (a stream or a
 * descriptor, by fclose(), close()...) on every path that returns, by its
 * summary; -1 when none or unknown.  The C library's closers are
 * sci_call_closes()'s.
 */
int sci_profile_close_arg(const char *name);
/**
 * True when @name is known not to keep a pointer passed to it
 * (strlen, memcpy, printf...), so passing memory to it is not an escape.
 */
int sci_profile_is_nocapture(const char *name);
/**
 * True when @name may read or write what its argument @i (0-based) points
 * to: a library function that takes it as a string or buffer, or a
 * project function whose summary uses it on some path.  0 for functions
 * nothing is known of (calls through pointers, other programs' code).
 */
int sci_profile_uses_arg(const char *name, int i);
/**
 * True when something says what @name does: a model of the C library or
 * POSIX, the project profile, a definition in this TU, or a summary of
 * another TU's.  False for functions nothing is known of: declared only,
 * in a file outside the run or another program.
 */
int sci_profile_is_known(const char *name);
/**
 * The argument (0-based) that is @name's printf-style format (printf 0,
 * fprintf 1, snprintf 2, syslog 1...: the library models' format=; a
 * project function that passes a parameter on as one, by its summary),
 * or -1.
 */
int sci_profile_format_arg(const char *name);
/**
 * The argument (0-based) that @name's pointer result is or points into
 * (memcpy and strcpy return their destination, strchr a pointer into its
 * string), or -1.
 */
int sci_profile_returns_arg(const char *name);
/**
 * The parameters (bit i: parameter i, from 0) through which @name hands
 * its caller a fresh allocation on every path that returns
 * (`*out = malloc(n)`): after `f(&p)`, p holds memory to free.
 */
unsigned sci_profile_out_allocs(const char *name);
/**
 * True when @name returns a pointer that may be NULL and should be
 * checked: the allocators (sci_profile_is_alloc) and lookups such as
 * fopen, getenv - except those that never return NULL
 * (sci_profile_returns_nonnull).  Searches of a string (strchr, strstr,
 * memchr...) depend on what they search: sci_call_may_return_null().
 */
int sci_profile_may_return_null(const char *name);
/**
 * True when this call may return NULL: sci_profile_may_return_null() of
 * its name, or a search of a string (the model's nullable-if-input:
 * strchr, strrchr, strstr, memchr...) whose data holds input
 * (sci_value_untrusted()).  The program's own strings are taken to hold
 * what it searches for; a line read from a file may lack its '\n'.
 */
int sci_call_may_return_null(sci_expr *call);
/**
 * True when the project function this call names assigns its scalar
 * parameter @i before anything reads it (its summary's "overwrites"):
 * the value passed there is never used.
 */
int sci_call_overwrites_arg(sci_expr *call, int i);
/**
 * True when the project function this call names uses its scalar
 * parameter @i only to return it (`return p;`, its summary's "passes"):
 * the call's result is the value passed, and nothing else reads it.
 */
int sci_call_passes_arg(sci_expr *call, int i);
/**
 * False when the project function this call names is known (its summary)
 * to only read what its pointer argument @i points to: for `f(&p)`, the
 * block or descriptor p holds is not freed, kept, handed on or replaced
 * by the call, so p still owns it.  True otherwise (unknown functions,
 * the C library).
 */
int sci_call_keeps_pointee(sci_expr *call, int i);
/**
 * True when the project function this call names reads what its pointer
 * argument @i points to before anything may write it (its summary's
 * "preads_first": `int v = *p;` first): `f(&x)` reads x.
 */
int sci_call_reads_pointee(sci_expr *call, int i);
/** True when @call's prototype declares argument @i a pointer to const. */
int sci_call_arg_is_const_pointer(sci_expr *call, int i);
/**
 * Carries @state of checker @me across calls, as Smatch's caller info
 * does: where what a caller's argument reaches (`*p`, `p[2]`, `s.m` of
 * the callee's parameter) or a global the callee reads holds @state at
 * the call, the callee's walk with that caller's values (engine.md,
 * "Callers' values") starts with @state there, in this TU or another.
 * Call from the checker's init; at most 8 states in all.  Returns 0, or
 * -1 when the table is full.
 */
int sci_carry_state(sci_checker_id me, const sci_state *state);
/**
 * As sci_carry_state(), for a state the checker does not keep in the
 * caller: the callee's walk starts with @state where @holds says the
 * caller's place is so (sci_key_untrusted: a pointer to input).
 */
int sci_carry_state_if(sci_checker_id me, const sci_state *state,
		       int (*holds)(const sci_key *key));
/** True when @key holds input, or points to a buffer that does. */
int sci_key_untrusted(const sci_key *key);
/**
 * Objects a caller passes (the callers' values carry their size, offset
 * and where they live) carry SCI_OBJECT_UNWRITTEN too where @written
 * says the caller's pointer - the argument @ptr, or, @ptr NULL, what the
 * place @key holds; @obj is what sci_value_object() says it points into
 * - points to a buffer of which no path wrote a byte outside *@lo..*@hi
 * (bytes from the object's start; *@lo > *@hi: none written): the
 * callee's sci_value_object() has the flag and the range.  One checker
 * may ask; returns 0, or -1 when another already did.
 */
int sci_carry_unwritten_if(sci_checker_id me,
			   int (*written)(sci_expr *ptr, const sci_key *key,
					  const sci_object *obj,
					  long long *lo, long long *hi));
/**
 * True when the callee of @call is a project function the run analyzes
 * (its body is in this TU, or its summary is in the run's set): what the
 * call passes reaches its walk, and sci_carry_state()'s states with it.
 */
int sci_call_carries(sci_expr *call);
/**
 * Inside a modify hook: the call whose argument @index passes the
 * address of what is being modified (`f(&p)` may change p), else NULL.
 */
sci_expr *sci_modify_call(int *index);
/**
 * True when @name never returns NULL: allocators that abort on failure
 * (xmalloc, g_malloc...) and the project profile's "returns_nonnull".
 */
int sci_profile_returns_nonnull(const char *name);

/**
 * True when the result of @name must not be ignored: the library models'
 * must-check (realloc, setuid, chdir, pthread_mutex_trylock...) and the
 * project profile's "must_check".  Not `warn_unused_result`: sparse does
 * not keep that attribute.
 */
int sci_profile_is_must_check(const char *name);
/**
 * True when @name's result is commonly and harmlessly ignored: the
 * library models' may-ignore (printf and its family, close, fclose,
 * fflush...) and functions returning an argument (memcpy, strcpy).
 */
int sci_profile_result_ignorable(const char *name);
/**
 * How many call sites of @name use its result and how many discard it
 * (`f();` or `(void)f();`), over every TU of the run (the summaries'
 * statistics), or over this TU alone when the run has no summaries (one
 * file).  Returns 1 when some call site is known.
 */
int sci_profile_result_counts(const char *name, unsigned *used,
			      unsigned *discarded);
/**
 * True when the project profile asks for must-check functions from
 * statistics ("must_check_statistics": true), not only from its list and
 * the models.
 */
int sci_profile_must_check_statistics(void);

/**
 * The argument (0-based) that must be true for @name to return, as for
 * cmocka's _assert_true() behind assert_non_null(); -1 for other
 * functions.  The engine continues only on the side where it is true.
 */
int sci_profile_assert_arg(const char *name);

/* Parameters of a library function that must not be NULL. */
typedef struct {
	const char *name;
	unsigned args;		/* bit n: the n-th (0-based) argument */
	int size_arg;		/* a 0 in this argument makes NULL harmless, or -1 */
} sci_nonnull_params;

/** @name's non-NULL parameters, or NULL if none are known.  Static. */
const sci_nonnull_params *sci_profile_nonnull_params(const char *name);
/**
 * The parameters whose pointee @name dereferences on every path before
 * any check (`void sink(int **pp) { int *p = *pp; use(*p); }`): after
 * `sink(&p)`, a NULL p is dereferenced.  NULL when none.
 */
const sci_nonnull_params *sci_profile_pointee_params(const char *name);
/**
 * In a call hook: whether argument @i of @call is `&x` with x NULL just
 * before the call (x's value itself is forgotten by then: the callee may
 * write it).
 */
int sci_call_arg_pointee_was_null(sci_expr *call, int i);
/**
 * The pointer globals @name dereferences on every path before any check
 * or write of its own (`void sink(void) { use(*g_data); }`), by name, into
 * *@out (borrowed).  Returns how many.
 */
size_t sci_profile_deref_globals(const char *name, const char *const **out);
/**
 * The places reached from its parameters that @name dereferences on every
 * path before any check or write of its own (`void sink(struct s s) {
 * use(*s.first); }`): "0.first", "0->buf", "1[2]", "0*" - the
 * parameter's index, then the place (sci_key_arg_path()).  Into *@out
 * (borrowed).  Returns how many.
 */
size_t sci_profile_deref_paths(const char *name, const char *const **out);
/**
 * The key of the place @path ("0.first", as sci_profile_deref_paths()
 * gives) names in this call's arguments: `s.first` for `sink(s)`,
 * `arr[2]` for `sink(arr)` and "0[2]", `s.first` for `sink(&s)` and
 * "0->first".  NULL when the argument names no such place.
 */
const sci_key *sci_key_arg_path(sci_expr *call, const char *path);
/** True when the global named @name is NULL on the current path. */
int sci_value_global_is_null(const char *name);

#endif
