/*
 * engine_int.h - layouts and functions shared inside the engine only.
 * Checkers never see this file (they include checker.h).
 *
 * Vocabulary (as in Smatch):
 *   key    an interned name of something that has states (key.c)
 *   sm     one (owner, key, state) entry plus its merge history (stree.c)
 *   stree  the set of sms on one path: a persistent AVL tree; NULL means
 *          "this path is unreachable" (stree.c)
 *   cur    the stree of the path being walked (walk.c)
 */
#ifndef SCI_ANALYZER_ENGINE_INT_H
#define SCI_ANALYZER_ENGINE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/checker.h"
#include "analyzer/analyzer.h"

/* sparse's headers have generic names; keep them after ours. */
#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"
#include "scope.h"

/*
 * A value on the one number line of every C integer and pointer value:
 * INT64_MIN .. UINT64_MAX, which takes 65 bits (rangelist.c).
 */
__extension__ typedef __int128 sci_val;
#define SCI_VAL_MIN ((sci_val)INT64_MIN)
#define SCI_VAL_MAX ((sci_val)UINT64_MAX)

/* ------------------------------------------------------------- arena */

/* Function-lifetime memory: everything below is freed at function end. */
void *sci_arena_alloc(size_t n);
char *sci_arena_strdup(const char *s);
char *sci_arena_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sci_arena_reset(void);
/** Bytes handed out since the last reset (the function's memory budget). */
size_t sci__arena_used(void);
/*
 * @size (at most 2 MiB) zeroed bytes for the process's life, mapped as
 * one transparent huge page where the kernel gives one, and populated:
 * for a table every TU fills, cheaper than a fault per 4 KiB page.
 */
void *sci__region_zeroed(size_t size);

/* ------------------------------------------------------------ limits */

/*
 * The documented limits (limits.c, docs/engine.md "Limits").  NOTE: the
 * numbers are quoted in docs/engine.md; change both together.
 */
#define SCI_LIMIT_BRACKETS 100000	/* ( [ { nesting in the main file */
#define SCI_LIMIT_NESTING 100000	/* walk depth of one function */
#define SCI_LIMIT_FUNCTION_MEMORY_MIB 512
/* arena bytes after which loops get one pass (walk.c, iterate()) */
#define SCI_LIMIT_PASSES_MEMORY ((size_t)32 << 20)
#define SCI_LIMIT_FUNCTION_MEMORY \
	((size_t)SCI_LIMIT_FUNCTION_MEMORY_MIB * 1024 * 1024)
#define SCI_LIMIT_FUNCTION_GSTEPS 50	/* sci__work, in billions */
#define SCI_LIMIT_SWITCH_NESTING 64	/* switch inside switch, in one function */
#define SCI_LIMIT_FUNCTION_WORK \
	((unsigned long long)SCI_LIMIT_FUNCTION_GSTEPS * 1000000000ULL)
#define SCI_STRINGIFY_(x) #x
#define SCI_STRINGIFY(x) SCI_STRINGIFY_(x)

/**
 * Scans @path for bracket nesting deeper than SCI_LIMIT_BRACKETS (outside
 * comments, strings and character constants).  Returns 0 when it stays
 * within the limit or the file cannot be read (sparse will say why), -1
 * with the position of the first bracket too deep otherwise.
 */
int sci__prescan_file(const char *path, unsigned *line, unsigned *col);

/*
 * complete.c: after a parse error, the functions whose tree sparse left
 * with holes (an operand C requires is missing) are neither scanned nor
 * walked.  sci__holes_find() looks at the TU's symbols; reset per TU.
 */
void sci__holes_find(struct symbol_list *list, struct symbol_list *scope);
int sci__fn_has_holes(struct symbol *fn);
void sci__holes_reset(void);
/*
 * Elementary steps of the current function's analysis that do not
 * allocate (state comparisons in merges), counted against its budget.
 */
extern unsigned long long sci__work;
/* one step of a key interning chain (a strcmp), in comparisons */
#define SCI_WORK_INTERN_STEP 16
/** Resets the limits: before each function is walked, and after the last. */
void sci__limits_reset(void);
/**
 * Enters one level of the walk (an expression, a statement, a condition)
 * at @pos.  Returns 1, to be paired with sci__nest_leave(); or 0 when the
 * function's analysis has stopped (too deep, over budget, now or before):
 * the current path is then unreachable and the caller returns.
 */
int sci__nest_enter(struct position pos);
void sci__nest_leave(void);
/**
 * True once the current function's analysis has stopped; stops it first
 * if it is over its budget.
 */
int sci__limits_stopped(void);
/** Stops the current function's analysis at @pos because of @why. */
void sci__limits_stop(struct position pos, const char *why);
/** Reports (as an analysis failure) why @fn stopped, if it did. */
void sci__limits_report(struct symbol *fn);

/* ------------------------------------------------------------ owners */

/* Owner ids of the engine's own models; checkers get ids after these. */
enum {
	SCI_OWNER_EXTRA = 0,	/* value ranges (extra.c) */
	SCI_OWNER_ORIGIN = 1,	/* which call produced a value (extra.c) */
	SCI_OWNER_ALIAS = 2,	/* `ok = (p != NULL)`: what a flag stands for */
	SCI_OWNER_UNTRUSTED = 3,	/* data from input (untrusted.c) */
	SCI_OWNER_RELATION = 4,	/* `i < n` between two keys (relation.c) */
	SCI_OWNER_FNFACTS = 5,	/* what a function does with its params (fn_facts.c) */
	SCI_OWNER_POINTS = 6,	/* the object a pointer points into (points.c) */
	SCI_OWNER_FREED = 7,	/* memory a pointer points to was freed (freed.c) */
	SCI_OWNER_LOCKS = 8,	/* locks held or released (locks.c) */
	SCI_OWNER_CLOSED = 9,	/* a stream or descriptor was closed (closed.c) */
	SCI_OWNER_STRLEN = 10,	/* the string an array holds (strlen.c) */
	SCI_OWNER_FIRST_CHECKER = 11
};

#define SCI_MAX_OWNERS 64

typedef struct {
	const char *rule;
	const sci_state *(*merge)(const sci_state *a, const sci_state *b);
	const sci_state *(*unmatched)(const sci_key *key);
	const sci_state *(*pre_merge)(const sci_key *key, const sci_state *mine,
				      const sci_state *other);
	int enabled;
	int is_checker;
	const struct sci_checker *desc;
} sci_owner;

extern sci_owner sci__owners[SCI_MAX_OWNERS];
extern int sci__nowners;
/** Returns the owner id for @rule, or -1. */
int sci__owner_find(const char *rule);

/* -------------------------------------------------------------- keys */

struct sci_key {
	const char *name;
	struct symbol *base;	/* root variable, or NULL */
	unsigned id;		/* creation order: deterministic tree order */
	int is_var;
	struct sci_key *hnext;
	struct sci_key *next_derived;	/* next key with the same base */
	struct sci_key *next_global;	/* next key rooted at a global */
	/*
	 * What a store through a pointer may change (see aliases in
	 * walk_expr.c): keys read through a pointer ("*p", "p->a", "p[2]"),
	 * and keys rooted at a local whose address is taken.
	 */
	const char *member;		/* last member name, or NULL */
	int indirect;			/* read through a pointer */
	struct sci_key *next_aliasable;	/* indirect or addressable-local keys */
};

void sci__keys_reset(void);
/** Every key rooted at @base (the variable itself included), a chain. */
const sci_key *sci__keys_of_base(struct symbol *base);
/** Every key rooted at a global or static variable, a chain. */
const sci_key *sci__keys_global(void);
/**
 * True when a pointer may hold @sym's address: the TU takes it (`&x`,
 * `&x.m`) other than as a call's argument, or uses an array's value
 * (`p = arr`) (tu_facts.c).
 */
int sci__sym_pointed_to(struct symbol *sym);
/** @id as a C string, made once per ident (sparse's are not terminated). */
const char *sci__ident_str(const struct ident *id);
/** Every key read through a pointer or rooted at an address-taken local. */
const sci_key *sci__keys_aliasable(void);
/** A new key named @name, equal to no other (not interned, no base). */
const sci_key *sci__key_fresh(const char *name);

/* ---------------------------------------------------- sm and stree */

struct sci_sm {
	int owner;
	const sci_key *key;
	const sci_state *state;
	struct position pos;		/* where a leaf was set */
	const struct sci_sm *left;	/* merge history: both NULL for leaves */
	const struct sci_sm *right;
	unsigned join;			/* id of the join that made this node */
	unsigned nleaves;
	unsigned npossible;
	const sci_state **possible;	/* distinct states of the leaves */
};

typedef struct sci_stree sci_stree;
struct sci_stree {
	const sci_sm *sm;
	const sci_stree *l, *r;
	int h;
};

/* The empty (but reachable) tree. */
extern const sci_stree sci__stree_empty;
#define SCI_STREE_EMPTY (&sci__stree_empty)

const sci_sm *sci__sm_leaf(int owner, const sci_key *key,
			   const sci_state *state, struct position pos);
const sci_stree *sci__stree_set(const sci_stree *t, const sci_sm *sm);
const sci_sm *sci__stree_get(const sci_stree *t, int owner, const sci_key *key);
/** In-order array of the sms of @t (arena); @owner < 0 means all. */
const sci_sm **sci__stree_list(const sci_stree *t, int owner, size_t *n);
/** Merge two paths at a join (either may be NULL = unreachable). */
const sci_stree *sci__stree_merge(const sci_stree *a, const sci_stree *b);
/** The state merge of @owner. */
const sci_state *sci__merge_states(int owner, const sci_state *a,
				   const sci_state *b);
/** A new merged node over @l and @r made at join @join. */
const sci_sm *sci__sm_merged(const sci_sm *l, const sci_sm *r, unsigned join);
unsigned sci__new_join(void);
/*
 * sci__stree_merge() of a loop's entry and back edge; the join is marked
 * as a loop head: a variable widened there has no history, so the
 * implied states cannot tell that join's sides apart by it.
 */
const sci_stree *sci__stree_merge_loop(const sci_stree *entry,
				       const sci_stree *back);
int sci__join_is_loop(unsigned join);
/*
 * True when @s is possible in @sm by a path that went round no loop: a
 * path through a loop head's join does not count, since the values
 * widened there lost what tells the first pass from the later ones, so
 * the implied states cannot rule that path out (`if (i++) free(p);` in
 * a loop whose entry freed p).  Unless the loop's back edge has @s on
 * every path: each way round gave it (`for (...) free(p);`).  False too
 * when the history is too large to tell.  For findings on "some path"
 * only.
 */
int sci__sm_possible_outside_loops(const sci_sm *sm, const sci_state *s);

/* ----------------------------------------------------------- implied */

/* A (join, side) pair; side 0 = left, 1 = right. */
typedef struct {
	unsigned join;
	int side;
} sci_route_step;

typedef int (*sci_leaf_pred)(const sci_sm *leaf, void *payload);

/**
 * Narrows @t to the paths on which @sm (an entry of @t) has a leaf that
 * satisfies @pred.  Returns @t itself when nothing can be excluded, NULL
 * when no leaf satisfies @pred (the side is impossible).
 */
const sci_stree *sci__implied(const sci_stree *t, const sci_sm *sm,
			      sci_leaf_pred pred, void *payload);

/* -------------------------------------------------------------- walk */

extern const sci_stree *sci__cur;
/* Set only while condition hooks run: the two sides being built. */
extern const sci_stree **sci__cond_true;
extern const sci_stree **sci__cond_false;
/* >0 while walking loop passes whose findings are dropped. */
extern int sci__quiet;

/** Position recorded in the leaves that checkers set next. */
void sci__state_set_where(struct position pos);
void sci__set_state(int owner, const sci_key *key, const sci_state *s,
		    struct position pos);
const sci_state *sci__get_state(int owner, const sci_key *key);

void sci__walk_function(struct symbol *fn);
/** Forgets the arguments and values being walked (a new function). */
void sci__contexts_reset(void);
void sci__walk_stmt(struct statement *stmt);
void sci__walk_expr(struct expression *expr);
/** Splits @expr as a condition of the current path into two paths. */
void sci__split_condition(struct expression *expr, const sci_stree **t,
			  const sci_stree **f);
int sci__is_noreturn_call(struct expression *call);
extern struct symbol *sci__cur_fn;
extern const char *sci__cur_fn_name;
/* The stream of the TU's own file (its headers have others). */
extern int sci__main_stream;

/* ------------------------------------------------------------- hooks */

void sci__hooks_reset(void);
void sci__fire_expr(struct expression *e);
void sci__fire_stmt(struct statement *s);
void sci__fire_assign(int before, struct expression *left,
		      struct expression *right, struct position pos);
void sci__fire_call(struct expression *call);
void sci__fire_call_assign(struct expression *call, struct expression *left);
void sci__fire_condition(struct expression *leaf);
void sci__fire_whole_condition(struct expression *cond);
void sci__fire_return(struct expression *value, struct position pos);
void sci__fire_deref(struct expression *ptr, struct position pos);
/*
 * @merged, the head of the next pass of a loop at nesting @depth, with
 * the checkers' states that differ between @entry and @back replaced as
 * sci_on_loop_change() says; @exits after the last pass as
 * sci_on_loop_exit() says.
 */
const sci_stree *sci__fire_loop_change(const sci_stree *merged,
				       const sci_stree *entry,
				       const sci_stree *back, int depth);
const sci_stree *sci__fire_loop_exit(const sci_stree *exits,
				     const sci_stree *back, int depth);
void sci__fire_declaration(struct symbol *sym);
void sci__fire_modify(const sci_key *key, struct expression *target,
		      struct position pos);
void sci__fire_scope_end(struct symbol *sym, struct position pos);
void sci__fire_func(int end, struct symbol *fn);
void sci__fire_file_end(void);
/** Runs the return-implies hooks of @fname for one side of a condition. */
void sci__fire_return_implies(const char *fname, struct expression *call,
			      const sci_key *result, sci_val min, sci_val max);
int sci__has_return_implies(const char *fname);

/* -------------------------------------------------------- value model */

typedef struct {
	sci_val min, max;
} sci_range;

/*
 * @soft says which bounds come from a type rather than from the program:
 * an int nothing is known about is INT_MIN..INT_MAX, both soft; after
 * `if (i < 10)` its upper bound 9 is a fact (hard), its lower still soft.
 * A bound copied or computed from a soft one stays soft, so a value read
 * from a 7-bit field and copied to an int is 0..127 with a soft maximum:
 * checkers that need facts (array-overflow) ignore soft bounds.
 */
#define SCI_RL_SOFT_MIN 1
#define SCI_RL_SOFT_MAX 2
/*
 * A loop widened the value from values with gaps between them (`i += 2`):
 * a test of it (`i < 21`) bounds it only softly, the last value the loop
 * reaches may be lower (19).  Kept on the key's state, not in operations.
 */
#define SCI_RL_STRIDED 4
typedef struct {
	size_t n;
	unsigned char soft;	/* SCI_RL_SOFT_* */
	sci_range r[];
} sci_rl;

const sci_rl *sci_rl_range(sci_val min, sci_val max);
const sci_rl *sci_rl_union(const sci_rl *a, const sci_rl *b);
const sci_rl *sci_rl_intersect(const sci_rl *a, const sci_rl *b);
/** @a without @b. */
const sci_rl *sci_rl_minus(const sci_rl *a, const sci_rl *b);
int sci_rl_is_empty(const sci_rl *a);
int sci_rl_single(const sci_rl *a, sci_val *out);
/** Same values (whatever the bounds' provenance). */
int sci_rl_equal(const sci_rl *a, const sci_rl *b);
/** Same values and same soft bounds (for interning states). */
int sci_rl_identical(const sci_rl *a, const sci_rl *b);
/** @rl with its soft flags set to @soft (a copy when they differ). */
const sci_rl *sci_rl_with_soft(const sci_rl *rl, unsigned soft);
/** "0-9,99"; "min"/"max" are SCI_VAL_MIN/SCI_VAL_MAX (arena). */
const char *sci_rl_text(const sci_rl *a);
/** Parses sci_rl_text() output; NULL on error. */
const sci_rl *sci_rl_parse(const char *s);

/*
 * Typed operations (rlops.c).  A sci_vtype is what the value model needs
 * of a C type: its width and signedness; _Bool converts by truth, not by
 * wrapping; a type it cannot model (floating, aggregates, unknown) is
 * "unknown" and holds any value.
 */
typedef struct {
	unsigned char bits;	/* 1..64; 0: unknown */
	unsigned char uns;
	unsigned char is_bool;
} sci_vtype;

/* sparse-free operator codes, so rlops.c is unit-testable on its own */
enum {
	SCI_OP_ADD = 1, SCI_OP_SUB, SCI_OP_MUL, SCI_OP_DIV, SCI_OP_MOD,
	SCI_OP_AND, SCI_OP_OR, SCI_OP_XOR, SCI_OP_SHL, SCI_OP_SHR,
	SCI_OP_NEG, SCI_OP_BNOT,
	SCI_OP_EQ, SCI_OP_NE, SCI_OP_LT, SCI_OP_LE, SCI_OP_GT, SCI_OP_GE
};

/* Cap on the ranges one operation combines pairwise; beyond it, hulls. */
#define SCI_RL_PAIRS 64

sci_vtype sci_vt(unsigned bits, int uns);
sci_val sci_vt_min(sci_vtype t);
sci_val sci_vt_max(sci_vtype t);
/** Every value of @t. */
const sci_rl *sci_rl_type(sci_vtype t);
/** Integer promotion: narrower than int (and _Bool) becomes int. */
sci_vtype sci_vt_promote(sci_vtype t);
/** The usual arithmetic conversions (LP64), promoting both first. */
sci_vtype sci_vt_common(sci_vtype a, sci_vtype b);
/** @rl converted to @t: wraps modulo 2^bits; _Bool by truth. */
const sci_rl *sci_rl_cast(const sci_rl *rl, sci_vtype t);
/**
 * `l op r` in @t (both already converted to @t; for shifts, @t is the
 * promoted left type and @r the count).  Wraps as C does for unsigned
 * types and as the hardware does for signed overflow; undefined cases
 * (division by 0, shift by >= width) are left out of the result, and a
 * result of nothing but undefined cases is every value of @t.
 */
const sci_rl *sci_rl_binop(int op, const sci_rl *l, const sci_rl *r,
			   sci_vtype t);
/** SCI_OP_NEG or SCI_OP_BNOT of @rl in @t. */
const sci_rl *sci_rl_unop(int op, const sci_rl *rl, sci_vtype t);
/**
 * The values x of @t for which `x op y` is true (*t) and false (*f) for
 * some y in @other (values of @t); op is SCI_OP_EQ..SCI_OP_GE.
 */
void sci_rl_compare_sides(int op, const sci_rl *other, sci_vtype t,
			  const sci_rl **when_true, const sci_rl **when_false);
/** 1 if `l op r` holds for every pair, 0 if for none, -1 otherwise. */
int sci_rl_compare_known(int op, const sci_rl *l, const sci_rl *r);
/**
 * The values of @from whose conversion to @to lies in @allowed (a sound
 * superset when @to is narrower than @from).
 */
const sci_rl *sci_rl_preimage(const sci_rl *allowed, sci_vtype from,
			      sci_vtype to);

/** The interned extra state holding @rl. */
const sci_state *sci__extra_state(const sci_rl *rl);
/** The range @type can hold (pointers: 0..max). */
const sci_rl *sci__type_rl(struct symbol *type);
/** What the value model needs of @type (unknown for non-integers). */
sci_vtype sci__vtype(struct symbol *type);
/** sparse's ctype for an int/long result type, or NULL. */
struct symbol *sci__vtype_symbol(sci_vtype t);
/**
 * Value of an integer constant expression (no variable or call in it),
 * folded in its C types.  Returns 1 and sets *out, or 0.
 */
int sci__const_val(struct expression *e, sci_val *out);
/** Value of @expr on the current path: its range, or the type's. */
const sci_rl *sci__expr_rl(struct expression *expr);
/** Records the value stored by an assignment or ++/-- expression. */
void sci__extra_assign(struct expression *e);
void sci__extra_unknown(const sci_key *key);
/** @key changed: flags standing for a test of it no longer do. */
void sci__alias_forget_mentions(const sci_key *key);
/** Splits the current path on a leaf condition by value. */
void sci__extra_condition(struct expression *leaf, const sci_stree **t,
			  const sci_stree **f);
/** SCI_OP_EQ..SCI_OP_GE for a sparse comparison token, else 0. */
int sci__cmp_op(int op);
/** The operator with its operands swapped: `<` for `>`. */
int sci__flip_op(int op);
/**
 * @a widened towards @b within @type, bound by bound: a bound @b passes
 * goes to @type's end, softly (a loop's widening).
 */
const sci_rl *sci__rl_widened(const sci_rl *a, const sci_rl *b,
			      const sci_rl *type);
/** sci_value_bounds() of the values @rl of type @vt. */
int sci__rl_bounds(const sci_rl *rl, sci_vtype vt, long long *min,
		   long long *max);
/** Loop widening: keys whose value differs between @entry and @back
 *  become unknown in the result. */
const sci_stree *sci__extra_widen(const sci_stree *merged,
				  const sci_stree *entry,
				  const sci_stree *back);
/**
 * @t with @e's values marked SCI_RL_STRIDED: a loop steps @e by an amount
 * not known to be one, so a test of it bounds it softly.  A single value
 * (the entry's) stays as it is.
 */
const sci_stree *sci__extra_strided(const sci_stree *t, struct expression *e);
/** @t narrowed to the paths where @e lies in @allowed (NULL: impossible). */
/** The values @key of type @type has on the current path. */
const sci_rl *sci__key_rl(const sci_key *key, struct symbol *type);
/** The values @key holds on the current path, NULL when nothing is known. */
const sci_rl *sci__key_known_rl(const sci_key *key);
const sci_stree *sci__extra_narrow(const sci_stree *t, struct expression *e,
				   const sci_rl *allowed);
void sci__extra_init(void);
/** @key holds @rl on the current path (a parameter's entry value). */
void sci__extra_set_rl(const sci_key *key, const sci_rl *rl);
/** Fills the owner slots of the engine models. */
void sci__extra_register(void);

/* ------------------------------------------------------ freed (freed.c) */

void sci__freed_register(void);
/** Does @key hold freed memory on this path? */
int sci__freed_key(const sci_key *key);
/** @key holds freed memory (a caller freed it: callers.c). */
void sci__freed_set_key(const sci_key *key, struct position pos);
/*
 * marks.c: a one-state mark (@mark of @owner) on a key, shared with its
 * copies, ended by any new value: what freed.c and closed.c have alike.
 */
int sci__mark_has(int owner, const sci_state *mark, const sci_key *key);
/** Marks @key and the keys the relations know equal to it. */
void sci__mark_set(int owner, const sci_state *mark, const sci_key *key,
		   struct position pos);
void sci__mark_forget(int owner, const sci_key *key);
/** `q = p` with p marked marks q (where p's mark was set). */
void sci__mark_copy(int owner, const sci_state *mark, const sci_key *key,
		    struct expression *right);
/** Is what @e names marked?  @where (may be NULL) gets where. */
int sci__mark_of(int owner, const sci_state *mark, struct expression *e,
		 sci_pos *where);
/*
 * Was what @e names marked on some path merged here that the implied
 * states still allow, though not on all of them?
 */
int sci__mark_maybe(int owner, const sci_state *mark, struct expression *e,
		    sci_pos *where);
/* strlen.c: the string a char or wchar_t array holds */
void sci__strlen_register(void);
/** Per function: what was known of the last one goes. */
void sci__strlen_init(void);
/** After an assignment (a declaration's initializer too). */
void sci__strlen_assign(struct expression *e);
/** After a call: memset, strcpy... set lengths; others forget theirs. */
void sci__strlen_call(struct expression *call);
/** @key changed as a whole (`s = t` for its member arrays). */
void sci__strlen_forget(const sci_key *key);
/** strlen()/wcslen() of a string whose length is known: that value. */
const sci_rl *sci__strlen_value(struct expression *call);
/**
 * @t where the character @e reads (`s[k]` of a tracked array) is NUL
 * (@nul) or not: a string known longer than k has none there, one of
 * length k has it; the paths whose lengths say otherwise are dropped.
 * NULL when none is left.
 */
const sci_stree *sci__strlen_narrow_char(const sci_stree *t,
					 struct expression *e, int nul);
/* closed.c: as freed.c, for fclose(), pclose(), closedir(), close() */
void sci__closed_register(void);
void sci__closed_call(struct expression *call);
void sci__closed_forget(const sci_key *key);
void sci__closed_assign(const sci_key *key, struct expression *right);
/** After a call (and what it made the value model forget): what it freed. */
void sci__freed_call(struct expression *call);
/** @key changed: it no longer points to the memory that was freed. */
void sci__freed_forget(const sci_key *key);
/** After `key = right`: a copy of a freed pointer is freed too. */
void sci__freed_assign(const sci_key *key, struct expression *right);

/* ------------------------------------------------------ locks (locks.c) */

/** Fills the owner slot and registers the trylock return-implies hooks. */
void sci__locks_register(void);
/** Before a function's walk: forgets the previous function's returns. */
void sci__locks_begin(void);
/** After a call (and what it made the value model forget): its lock effects. */
void sci__locks_call(struct expression *call);
/** The variable @key was assigned: locks reached through it are others now. */
void sci__locks_forget(const sci_key *key);
/** A return (or falling off the end) at @pos on the current path. */
void sci__locks_return(struct expression *value, struct position pos);
/**
 * After the walk: the lock names (`$N` for parameter N as in summaries, a
 * global's name) held / released on every return path that returned, as
 * owned arrays of owned strings (NULL when none).  @nreturns: how many
 * return paths were seen (0: nothing is said).
 */
void sci__locks_effects(char ***locks, size_t *nlocks, char ***unlocks,
			size_t *nunlocks);

/* ---------------------------------------------- untrusted (untrusted.c) */

void sci__untrusted_register(void);
/** True when the project profile names @name in "untrusted_sources". */
int sci__profile_untrusted_source(const char *name);
/** True when @e holds or points to data read from input on some path. */
int sci__untrusted_expr(struct expression *e);
/**
 * `key = right` (@op 0), or `key op= right` with @op the operator ('+',
 * '&', SPECIAL_LEFTSHIFT...), carries input or ends it.
 */
void sci__untrusted_assign(const sci_key *key, struct expression *right,
			   int op);
/** After a call: the arguments a reading function filled. */
void sci__untrusted_call(struct expression *call);
/** At a function's start: main's argv. */
void sci__untrusted_params(struct symbol *fn);
/** @key holds data read from input on the current path. */
void sci__untrusted_set(const sci_key *key);

/**
 * True when the path knows something of @key's value (its sm is not the
 * plain "any value" leaf): forgetting it changes something.
 */
int sci__extra_has_fact(const sci_key *key);

/* ---------------------------------------------- relations (relation.c) */

void sci__relation_register(void);
/** Forgets the pair keys of the last function. */
void sci__relation_init(void);
/** Narrows both sides of @leaf, a condition, by `a op b` between keys. */
void sci__relation_condition(struct expression *leaf, const sci_stree **t,
			     const sci_stree **f);
/** @k changed through @how (an assignment, `++`...; NULL: unknown). */
void sci__relation_modified(const sci_key *k, struct expression *how);
/** @k changed in a way nothing is known about. */
void sci__relation_forget(const sci_key *k);
/** Loop heads: drops the relations the body changed (see extra_widen). */
const sci_stree *sci__relation_widen(const sci_stree *merged,
				     const sci_stree *entry,
				     const sci_stree *back);
/** 1/0 when the relations decide the comparison @leaf, else -1. */
int sci__relation_decides(struct expression *leaf);
/**
 * The keys the current path knows equal to @k by a direct relation (a
 * copy `q = p`, a test `p == q`), at most @max of them into @out.
 */
size_t sci__relation_equals(const sci_key *k, const sci_key **out, size_t max);
/** What the current path knows of @a against @b: SCI_REL_* bits. */
int sci__relation_keys(const sci_key *a, const sci_key *b);
/**
 * For a function whose every return is at least parameter @lo's value
 * (*lo >= 0) or at most parameter @hi's (*hi >= 0): a range checker such
 * as busybox's `xatou_range(s, 1, 12)`, which dies outside the bounds it
 * is given.  Returns 0 when neither holds.
 */
int sci__fn_facts_ret_within(const char *name, int *lo, int *hi);
/** The relation of @a to @b on the current path: "<", "<=", "unknown"... */
const char *sci__relation_text(struct expression *a, struct expression *b);

/* ------------------------------------ function facts (fn_facts.c) */

void sci__fn_facts_register(void);
/*
 * Around the walks of @fn with its callers' values: the arguments of its
 * calls go into @s, its summary, held back till then.
 */
void sci__fn_facts_settle_begin(struct symbol *fn, sci_summary *s);
void sci__fn_facts_settle_end(void);
/** The name of one of fn_facts' states (they have none), or NULL. */
const char *sci__fn_facts_state_name(const sci_state *s);
/** Forgets the facts of the last TU. */
void sci__fn_facts_reset(void);
void sci__fn_facts_begin(struct symbol *fn);
/** @complete: the walk reached every path (no limit stopped it). */
void sci__fn_facts_end(int complete);
void sci__fn_facts_deref(struct expression *ptr);
void sci__fn_facts_call(struct expression *call);
/** Records what @call passes (its summary's calls and call_args), with
 *  the arguments' values as passed: before `&x` makes x unknown. */
void sci__fn_facts_call_args(struct expression *call);
void sci__fn_facts_assign(struct expression *left, struct expression *right);
/** `&key` was passed on or stored. */
void sci__fn_facts_address(const sci_key *key);
void sci__fn_facts_return(struct expression *value);
/* What the TU's analyzed functions do, by name (see profile.c). */
int sci__fn_facts_is_alloc(const char *name);
/** Does every path of @name return what an opener gave (opened.c)? */
int sci__fn_facts_opens(const char *name);
/** Does every path of @name return memory it freed (or NULL)? */
int sci__fn_facts_returns_freed(const char *name);
int sci__fn_facts_may_return_null(const char *name);
int sci__fn_facts_free_arg(const char *name);
int sci__fn_facts_close_arg(const char *name);
size_t sci__fn_facts_free_globals(const char *name, char *const **out);
int sci__fn_facts_defined_here(const char *name);
int sci__fn_facts_is_nocapture(const char *name);
/** May @name free, keep or replace what its argument @n points to?  1
 *  unless its facts say it only reads it. */
int sci__fn_facts_keeps_pointee(const char *name, int n);
/** Does @name read what its argument @n points to before writing it? */
int sci__fn_facts_reads_pointee(const char *name, int n);
/** True when @name's summary says some path uses what param @i points to. */
/*
 * Input reaches what @arg (an argument of a call) points to: when that is
 * a parameter's pointee, the function fills it (its summary's "fills").
 */
void sci__fn_facts_filled(struct expression *arg);
/* Does @name fill its parameter @i with input (its summary)? */
int sci__fn_facts_fills_arg(const char *name, int i);
/** Does project function @name assign its parameter @i before reading it? */
int sci__fn_facts_overwrites_arg(const char *name, int i);
/** Does project function @name only return its parameter @i? */
int sci__fn_facts_passes_arg(const char *name, int i);
/** Does some path of project function @name return input (summaries)? */
int sci__fn_facts_returns_input(const char *name);
int sci__fn_facts_uses_arg(const char *name, int i);
/*
 * The object a function returns (its summary's "ret_obj"): a block from
 * an allocator whose size is known, or the product of a constant and up
 * to two of the function's parameters (a wrapper: `zmalloc(size)`), or a
 * static array; always at its start.
 */
typedef struct {
	int kind;		/* SCI_OBJECT_HEAP or _STATIC; 0: nothing known */
	sci_val size;		/* bytes, when args[0] < 0 */
	sci_val factor;		/* else size = factor * args[0] (* args[1]) */
	int args[2];		/* parameters (from 0), or -1 */
	const char *name;	/* a static array's name, or NULL */
} sci_ret_obj;
/*
 * What the project function @name returns, when its summary knows
 * (sci_ret_obj).  Returns 1 and fills @out, else 0.
 */
int sci__fn_facts_ret_obj(const char *name, sci_ret_obj *out);
/** The pointer parameter @name returns unchanged on every path, or -1. */
int sci__fn_facts_ret_param(const char *name);
/**
 * The summary text ("static:50:small") of the object returning @v points
 * to the start of on the path sci__cur (owned), or NULL.
 */
char *sci__fn_facts_path_obj(struct expression *v);
/** Parses such a text into *@out (its name in the arena); 0 if not one. */
int sci__fn_facts_parse_obj(const char *text, sci_ret_obj *out);
/**
 * The object every path of @call's callee that can run here returns
 * (";@OBJ" in their texts, ret_paths.c), when no path says another;
 * 0 when unknown.
 */
int sci__ret_paths_call_obj(struct expression *call, sci_ret_obj *out);
/*
 * The index of the parameter of the function being walked that @e names,
 * an integer not reassigned on this path, or -1.
 */
int sci__fn_facts_int_param(struct expression *e);
/* A definition in this TU, or another TU's summary, says what @name does. */
int sci__fn_facts_known(const char *name);
/* The first parameter @name uses as a printf format (summaries), or -1. */
int sci__fn_facts_format_arg(const char *name);
const sci_nonnull_params *sci__fn_facts_nonnull(const char *name);
int sci__fn_facts_noreturn(const char *name);
unsigned sci__fn_facts_out_allocs(const char *name);
const sci_nonnull_params *sci__fn_facts_pointees(const char *name);
size_t sci__fn_facts_deref_globals(const char *name, const char *const **out);
/* The parameters' places @name dereferences unchecked ("0.first"). */
size_t sci__fn_facts_deref_paths(const char *name, const char *const **out);
/**
 * The locks @name holds / releases on every path that returns, as its
 * summary names them ("$0->lock", "g_lock"); borrowed.  Returns how many.
 */
size_t sci__fn_facts_locks(const char *name, char *const **out);
size_t sci__fn_facts_unlocks(const char *name, char *const **out);
/*
 * Start of a TU: the functions it defines (answered only by their own
 * analysis) and the run's summaries of other TUs' functions (may be NULL).
 */
void sci__fn_facts_tu_begin(struct symbol **fns, int n,
			    const sci_summary_set *set);
/** Another TU's summary of @name (borrowed), or NULL. */
const sci_summary *sci__fn_facts_external(const char *name);
/** The run's summary set (sci_analyze_opts.summaries), or NULL. */
const sci_summary_set *sci__fn_facts_summaries(void);
/** The summary of the function just ended (owned), or NULL if it has none. */
sci_summary *sci__fn_facts_take_summary(void);

/* ------------------------------------------------------ points (points.c) */

void sci__points_register(void);
/** Before each function: the objects and states of the last one are gone. */
void sci__points_init(void);
/** `key = ...`, `key op= ...`, `key++` (@e), before the value model stores it. */
void sci__points_assign(const sci_key *key, struct expression *e);
/** @key changed in a way nobody modelled (a call, an asm output). */
void sci__points_forget(const sci_key *key);
/** Splits on a comparison of two pointers into one object (`p < end`). */
void sci__points_condition(struct expression *leaf, const sci_stree **t,
			   const sci_stree **f);
/** "buf (16 bytes) + 8-9", "NULL" or "none" for __sci_object().  Arena. */
const char *sci__points_text(struct expression *e);
/*
 * The array with a key that @p points into (a local or global array, a
 * member of a local struct), or NULL; @off its byte offset there when
 * *@exact (one value), @size the array's bytes.
 */
const sci_key *sci__points_array(struct expression *p, sci_val *off,
				 sci_val *size, int *exact);
/*
 * @key points @off bytes into an object of @size bytes named @name, known
 * by @id, that lives where @origin (SCI_OBJECT_*) says, with @flags
 * (sci_object.flags; callers.c: what every caller passes to a parameter).
 * Returns the object's key (strlen.c's), or NULL.
 */
const sci_key *sci__points_set_object(const sci_key *key, const void *id,
				      const char *name, sci_val size,
				      sci_val off, int origin, unsigned flags,
				      sci_val wlo, sci_val whi);
/* As sci__points_array(), for what the pointer @ptr holds. */
const sci_key *sci__points_key_array(const sci_key *ptr, sci_val *off,
				     sci_val *size, int *exact);
/*
 * The string the pointer @e (or, @e NULL, what @ptr holds) points to, at
 * a known place of an object strlen.c follows: its length in characters
 * of *@unit bytes.  Returns 1, or 0 when unknown.
 */
int sci__strlen_pointed(struct expression *e, const sci_key *ptr,
			sci_val *len, int *unit);
/* The object @key (points.c's) holds a string of @len @unit-byte chars. */
void sci__strlen_set(const sci_key *key, sci_val len, int unit);
/*
 * SCI_OBJECT_UNWRITTEN when the checker that asked
 * (sci_carry_unwritten_if()) says what the pointer @e (or, @e NULL, what
 * @key holds) points to - the object @obj - was written only at bytes
 * *@lo..*@hi of it (none when *@lo > *@hi), else 0.
 */
unsigned sci__callers_object_written(struct expression *e, const sci_key *key,
				     const sci_object *obj, long long *lo,
				     long long *hi);
/*
 * The letter that names where an object lives (SCI_OBJECT_*) in the
 * callers' values' text ("s" stack, "g" global or static, "l" literal,
 * "h" heap, "u" unknown), and back (anything else: SCI_OBJECT_UNKNOWN).
 */
char sci__points_kind_letter(int kind);
int sci__points_kind_of_letter(char c);
/** sci_value_object() of what the pointer @key holds. */
int sci__points_key_object(const sci_key *key, sci_object *out);
/*
 * @e (or, @e NULL, the pointer @key holds) points at one known place of
 * an object whose size is known: what the callers' values carry.
 */
/** The key of the array the pointer @e points into on this path, or NULL. */
const sci_key *sci__points_array_key(struct expression *e);
int sci__points_exact_object(struct expression *e, const sci_key *key,
			      sci_object *out);
/*
 * What the value @v returned on this path points to, when it is the start
 * of such an object.  Returns 1 and fills @out, else 0.
 */
int sci__points_ret_obj(struct expression *v, sci_ret_obj *out);
/** Loop widening of offsets, as sci__extra_widen() does for values. */
const sci_stree *sci__points_widen(const sci_stree *merged,
				   const sci_stree *entry,
				   const sci_stree *back);

/* ------------------------------------------------ realpath (realpath.c) */

/**
 * realpath(@path, NULL) (malloc'd, or NULL), with each directory resolved
 * once per TU (sci__realpath_reset()).
 */
char *sci__realpath(const char *path);
/** sci__realpath() of a regular file (after links); NULL for anything else. */
char *sci__realpath_file(const char *path);
void sci__realpath_reset(void);

/* ------------------------------------------------- TU facts (tu_facts.c) */

/** Scans every function body and file-scope initializer of the TU. */
void sci__tu_facts_scan(struct symbol_list *list, struct symbol_list *scope);
/**
 * True when @s may change the variable @sym: assigns it, steps it, takes
 * its address or names it as an asm output (calls cannot reach a local
 * whose address is not taken).
 */
int sci__stmt_writes(struct statement *s, struct symbol *sym);
/**
 * The parameters (bit N: parameter N, below 32) @fn's body assigns; all
 * when it has no body.  Kept for the function last asked.
 */
unsigned sci__params_written(struct symbol *fn);
/**
 * True when @s uses the struct parameter @param only by reading its
 * scalar members one step down (`s.len`, `s.buf`: no `s` whole, no `&s`,
 * no write, no member that is itself a struct or an array); *@nptrs: how
 * many distinct pointer members it reads.
 */
int sci__param_members_only(struct statement *s, struct symbol *param,
			     int *nptrs);
/**
 * True when the TU names function @fn other than as the callee of a call
 * (`cb = fn`, `&fn`, an initializer): it may be called from anywhere.
 */
int sci__fn_used_as_value(struct symbol *fn);
/**
 * The functions of the TU whose bodies call @fn, at most @max into @out.
 * Returns how many, or -1 when there are more than @max.
 */
int sci__tu_callers(struct symbol *fn, struct symbol **out, int max);
/**
 * The file-scope integer and pointer objects @fn's body names, in order
 * of appearance, into @out (borrowed, TU lifetime).  Returns how many.
 */
size_t sci__fn_globals(struct symbol *fn, struct symbol *const **out);
/**
 * Has the path walked called a project function since the function's
 * start?  Then a global's value now need not be its value on entry.
 */
int sci__fn_facts_globals_stale(void);
/**
 * At a call, before its walk forgets the globals it may change: what the
 * caller knows of the globals the callee's return paths test
 * (ret_paths.c), for the paths of the result.
 */
void sci__ret_paths_at_call(struct expression *call);
/*
 * An integer or pointer a function names one step from a parameter (`*p`, `p[2]`,
 * `p->m`, `s.m`): @path is "*", "[OFFSET]", "->m" or ".m", as key.c
 * names the place with the parameter left out.
 */
#define SCI_MAX_PARAM_PATHS 8
typedef struct {
	int param;			/* from 0 */
	char path[64];
	struct expression *expr;	/* in the body: its key, its name */
	struct symbol *type;		/* its type: an integer or a pointer */
	struct symbol *via;		/* a local copy of the parameter
					 * (sci__param_copy()), or NULL */
} sci_param_path;
/**
 * The first SCI_MAX_PARAM_PATHS such places @fn's body names, into @out
 * (borrowed, TU lifetime).  Returns how many.
 */
size_t sci__fn_param_paths(struct symbol *fn, const sci_param_path **out);
/**
 * What local pointer @sym stands for: x for `int *p = &x;` when nothing
 * writes p afterwards (no assignment, step or `&p`), so `*p` is x and
 * `p->m` is x.m (key.c).  NULL otherwise.
 */
struct expression *sci__local_alias(struct symbol *sym);
/**
 * The parameter local pointer @sym copies: p for `struct s *c = p;` or
 * `int *c = (int *)vp;` (a `void *`) when nothing writes c or p, so c is
 * p under another name (key.c).  NULL otherwise.
 */
struct symbol *sci__param_copy(struct symbol *sym);
/**
 * The name of @e's key as the source writes it: a parameter's copy under
 * its own name (`r->hi`, where the key is `arg->hi`).  Arena; NULL when
 * @e names no key.
 */
const char *sci__key_text(struct expression *e);
/** The same type, pointers compared by what they point to (sparse makes
 *  a pointer type per declaration). */
int sci__same_type(struct symbol *a, struct symbol *b);
/**
 * The key a caller holds for what @path reaches from argument @arg (`&x`
 * with "*" is x; `buf` with "[8]" is buf[8]), when the current function
 * has one; NULL otherwise (nothing was ever known of it here).
 */
const sci_key *sci__key_arg_path(struct expression *arg, const char *path);
/** True when @key holds input on the current path. */
int sci__untrusted_key(const sci_key *key);
/** Reorders @fns so that callees come before their callers. */
void sci__tu_facts_order(struct symbol **fns, int n);
/**
 * Keeps in @fns, in order, the functions worth walking: those of the main
 * file (@main_stream), extern ones, those named other than as a callee,
 * and the static functions of headers these reach by calls.  Returns how
 * many are left.
 */
int sci__tu_facts_keep_used(struct symbol **fns, int n, int main_stream);
/**
 * The value of a file-scope object that cannot change: `const`, or
 * `static` and never written nor address-taken in the TU.  NULL if not.
 */
const sci_rl *sci__global_value(struct symbol *sym);
/**
 * What an element of @sym holds when it is a const array of integers
 * initialized with constants (a lookup table), else NULL: the values of
 * the elements @index (NULL: any) can reach, exactly when few, else the
 * bounds of every element.
 */
const sci_rl *sci__table_value(struct symbol *sym, const sci_rl *index);
/** Summary of the function being walked: start, each return, end. */
void sci__summary_begin(struct symbol *fn);
void sci__summary_return(struct expression *value);
void sci__summary_end(int complete);
/** What a call to a function of this TU returns, or NULL if unknown. */
const sci_rl *sci__call_summary(struct expression *call);
/** True when the function @call calls is defined in this TU. */
int sci__fn_has_body(struct expression *call);

/* ret_paths.c: per return path, what it says of the parameters */
void sci__ret_paths_begin(struct symbol *fn);
void sci__ret_paths_return(struct expression *value);
void sci__ret_paths_end(int complete);
/*
 * What a return path's pointer is (";!FLAGS" in its text): a fresh
 * allocation the caller owns ('a'), one that may be NULL ('n'), memory the
 * function freed ('f'), a stream or descriptor it opened ('o').
 */
enum {
	SCI_RP_FRESH = 1,
	SCI_RP_NULL = 2,
	SCI_RP_FREED = 4,
	SCI_RP_OPENED = 8,
	/* not in the text: no path that can run returns NULL */
	SCI_RP_NONNULL = 16
};
/** The SCI_RP_* of returning @v on the path sci__cur (fn_facts.c). */
unsigned sci__fn_facts_path_flags(struct expression *v);
/** @e reads a parameter (a symbol walked as a value): marks the path. */
void sci__fn_facts_read(struct expression *e);
/**
 * The parameters (bit i: parameter i) that this path assigned before
 * reading the value passed: the caller's value is unused here.
 */
unsigned sci__fn_facts_path_unread(void);
/**
 * True when every path of @call's callee that can run here assigns
 * parameter @i before reading it (ret_paths.c).
 */
int sci__ret_paths_call_unread(struct expression *call, int i);
/**
 * The SCI_RP_* that every path of @call's callee that can run here has
 * (the arguments' values and the globals the caller knew at the call
 * allow it), or 0: no such paths, or none says more than the summary.
 */
unsigned sci__ret_paths_call_flags(struct expression *call);
const sci_rl *sci__ret_paths_call_rl(struct expression *call);

/* gexits.c: what a function of the TU leaves in the globals it writes */
void sci__gexits_begin(struct symbol *fn);
void sci__gexits_unknown(void);
void sci__gexits_write(const sci_key *key);
void sci__gexits_call(struct expression *call, int library, int writes);
void sci__gexits_return(void);
void sci__gexits_end(int complete);
int sci__gexits_known(struct expression *call);
int sci__gexits_writes(struct expression *call, struct symbol *base);
void sci__gexits_apply(struct expression *call);
void sci__gexits_free(void);
/** The paths of this TU's function @name as text (borrowed); 0: none. */
size_t sci__ret_paths_text(const char *name, char *const **out);
void sci__ret_paths_free(void);
/** After `@target = @call`: one state per path of the callee, merged. */
void sci__ret_paths_assign(struct expression *target, struct expression *call);
/** @t where @call's result is in @allowed: its arguments narrowed. */
const sci_stree *sci__ret_paths_narrow(const sci_stree *t,
				       struct expression *call,
				       const sci_rl *allowed);
/**
 * The values @fn returns (its return summary) as range-list text, owned,
 * and their soft bits in *soft; NULL when unknown.
 */
char *sci__return_text(struct symbol *fn, unsigned *soft);
void sci__tu_facts_free(void);
/** How @call's result is treated (SCI_RESULT_*), from the TU's scan. */
int sci__call_result_use(struct expression *call);
/** Adds what @fn's calls do with their results to @s->results. */
void sci__tu_facts_add_results(struct symbol *fn, sci_summary *s);
/*
 * The TU's record of its integer globals with external linkage
 * (SCI_SUMMARY_GLOBALS: definitions, writes, reads; @file is the TU), or
 * NULL when it has none.  Owned by the caller.
 */
sci_summary *sci__tu_facts_take_globals(const char *file);
/*
 * The scalar parameters of @fn that its body assigns before anything
 * reads them: the first top-level statement that names one is `p = v;`
 * with v not naming p (sci_summary.overwrites).
 */
unsigned sci__tu_params_overwritten(struct symbol *fn);
/*
 * The scalar parameters of @fn that its body names only in `return p;`
 * statements, at least one (sci_summary.passes).
 */
unsigned sci__tu_params_returned(struct symbol *fn);
/**
 * Pointer parameters of @fn whose pointee (an integer or a pointer) its
 * first statements that name them read before anything may write it
 * (`int v = *p;`): the caller's variable must hold a value.
 */
unsigned sci__tu_pointees_read_first(struct symbol *fn);
/** The TU's own call sites of @callee using / discarding the result. */
int sci__tu_result_counts(const char *callee, unsigned *used,
			  unsigned *discarded);

/* ------------------------------------------------------------ guards */

/* guards.c: a call checked once and left on failure, made again. */
void sci__guards_reset(void);
/** Entering (1) or leaving (0) the split of a condition. */
void sci__guards_condition(int enter);
/**
 * After an `if` (walk.c): @t and @f its two sides at the start,
 * @after_true and @after_false at the end; @prev the statement before it.
 */
void sci__guards_note_if(struct statement *stmt, struct statement *prev,
			 const sci_stree *t, const sci_stree *f,
			 const sci_stree *after_true,
			 const sci_stree *after_false);
/** @rl, the value of @call, narrowed by an earlier check of the same call. */
const sci_rl *sci__guards_apply(struct expression *call, const sci_rl *rl);

/**
 * lowfd.c: @rl (NULL: every value of @vt), what @call returns, narrowed
 * to K or less or negative when it opens a descriptor right after
 * `close(K)`; @rl itself otherwise.
 */
const sci_rl *sci__lowfd_apply(struct expression *call, const sci_rl *rl,
			       sci_vtype vt);
/**
 * The statement of its block walk.c is walking, and the one before it
 * (NULL: none, or the first of its block).
 */
void sci__walk_statements(struct statement **cur, struct statement **prev);

/* ------------------------------------------------------- expressions */

struct expression *sci__strip(struct expression *e);
/** No assignment, step or call inside @e: its value can be read now. */
int sci__expr_plain(struct expression *e);
/**
 * The value @cond tests against constants (`!(f(x) < 0)` tests f(x)):
 * *@against, *@op the constant and the comparison as `value op constant`
 * (NULL, 0: a test of truth), *@negated an odd number of `!`.  NULL when
 * both sides of the comparison vary.
 */
struct expression *sci__test_operand(struct expression *cond,
				     struct expression **against, int *op,
				     int *negated);
/** @e without parentheses, casts kept (they may change the value). */
struct expression *sci__strip_parens(struct expression *e);
/** Type of @e computed from the unevaluated tree (NULL if unknown). */
struct symbol *sci__expr_type(struct expression *e);
/*
 * Forgets the types and call names kept (sci__expr_type(),
 * sci__call_name()): a new TU's tree.
 */
void sci__expr_memo_reset(void);
/** Base type with SYM_NODE/typeof wrappers removed. */
struct symbol *sci__real_type(struct symbol *type);
int sci__type_is_ptr(struct symbol *type);
int sci__type_is_int(struct symbol *type);
/** Constant folding on the unevaluated tree. */
int sci__const_value(struct expression *e, long long *out);
sci_pos sci__pos(struct position pos);
const char *sci__call_name(struct expression *call);

/* ---------------------------------------------------- models (models.c) */

/*
 * What a library function does, from one line of library.models (its
 * format: docs/engine.md, "Library models").  An argument number is -1
 * when the line does not give it.
 */
enum {
	SCI_MODEL_ALLOC = 1 << 0,	/* returns memory to free ("alloc") */
	SCI_MODEL_NULLABLE = 1 << 1,
	SCI_MODEL_NONNULL = 1 << 2,
	SCI_MODEL_NORETURN = 1 << 3,
	SCI_MODEL_NOCAPTURE = 1 << 4,
	SCI_MODEL_INPUT = 1 << 5,	/* its result is input */
	SCI_MODEL_RANGE = 1 << 6,	/* min..max hold its integer results */
	SCI_MODEL_FILLS_REST = 1 << 7,	/* fills every argument from fills on */
	SCI_MODEL_SHARED = 1 << 8,	/* lock=/trylock= take the read side */
	SCI_MODEL_NONZERO_OK = 1 << 9,	/* trylock= holds when it returns
					 * non-zero, not 0 (kernel style) */
	SCI_MODEL_MUST_CHECK = 1 << 10,	/* its result must not be ignored */
	SCI_MODEL_MAY_IGNORE = 1 << 11	/* its result is commonly ignored */
};

typedef struct sci_model {
	const char *name;
	unsigned flags;			/* SCI_MODEL_* */
	int alloc_if_null;		/* allocates when this argument is NULL */
	int size_n, size_m;		/* object size: argument n, or n * m */
	int free_arg, assert_arg, returns_arg;
	sci_nonnull_params nonnull;	/* deref= (args 0: none) and len= */
	long long min, max;		/* range= */
	int input_from;			/* result is input when this argument is */
	int fills, fills_if_input;	/* input written into argument fills */
	int lock_arg, unlock_arg, trylock_arg;	/* the lock argument, or -1 */
	int null_test;			/* true when this argument is NULL */
	int nullable_if_input;		/* may return NULL when this argument
					 * holds input, or -1 */
	int format_arg;			/* its printf-style format, or -1 */
	struct sci_model *next;		/* the file's order */
	struct sci_model *hash_next;
} sci_model;

typedef struct sci_models sci_models;

/**
 * Parses models text.  Returns the table, or NULL when a line is malformed:
 * then *@err_line is its number (from 1) and @err says what is wrong.
 */
sci_models *sci__models_parse(const char *text, unsigned *err_line,
			      char *err, size_t errlen);
void sci__models_free(sci_models *m);
/** @name's model in @m, or NULL. */
const sci_model *sci__models_find(const sci_models *m, const char *name);
/** The first model of @m in the file's order (then ->next), or NULL. */
const sci_model *sci__models_first(const sci_models *m);
/**
 * The built-in table: library.models as embedded at build time, parsed on
 * the first call.  A malformed line dies with its line number.
 */
const sci_models *sci__models_builtin(void);
/** The same for kernel.models, the "kernel" profile's layer. */
const sci_models *sci__models_kernel(void);
/**
 * Selects the built-in profile of this process: "kernel" lays
 * kernel.models over library.models; anything else (NULL, "generic"):
 * library.models alone.
 */
void sci__models_select(const char *profile);
/** The selected layer over the built-in table (kernel.models), or NULL. */
const sci_models *sci__models_layer(void);
/** @name's model in the selected layer or the built-in table, or NULL
 * (also for a NULL @name). */
const sci_model *sci__model(const char *name);
/** True when @name's built-in model has @flag (one SCI_MODEL_*). */
int sci__model_has(const char *name, unsigned flag);
/**
 * When @e is a call of a null-test= function (IS_ERR_OR_NULL(p)), the
 * pointer it tests (assignments unwrapped), else NULL.
 */
struct expression *sci__null_tested_arg(struct expression *e);

/* ----------------------------------------------------------- profile */

/** Installs the project profile of this run (kept by pointer). */
void sci__profile_set(const sci_analyze_opts *opts);
int sci__profile_is_noreturn(const char *name);
/** The options sci__profile_set() installed (borrowed), or NULL. */
const sci_analyze_opts *sci__profile_opts(void);

/* ---------------------------------------------------------- branches */

/* The branches taken on the way to the statement walked (branches.c). */
void sci__branch_reset(void);
unsigned sci__branch_depth(void);
/** @message: static text, e.g. "taking the true branch". */
void sci__branch_push(struct position pos, const char *message);
/** Pops back to @depth (a sci__branch_depth() taken before). */
void sci__branch_truncate(unsigned depth);
/** Appends the stack, outermost first, to @d's steps. */
void sci__branch_copy(sci_diag *d);

/* ---------------------------------------------------- callers.c */

/*
 * The values callers pass the TU's functions (see callers.c).  The first
 * walk of every function records its calls; then frontend.c asks
 * sci__callers_tuples() for each function (callers first) and walks it
 * again once per tuple, inside sci__callers_use(fn, k) .. (NULL, 0).
 */
/** Start of a TU: its functions and the run's summaries (may be NULL). */
void sci__callers_tu_begin(struct symbol **fns, int n,
			   const sci_summary_set *set);
void sci__callers_reset(void);
/** True when @fn may be walked with its callers' values (int params). */
int sci__callers_candidate(struct symbol *fn);
/** At a call (fire_call): records its arguments if its callee is a candidate. */
void sci__callers_call(struct expression *call);
/** @fn's first walk is done; @complete: no limit stopped it. */
void sci__callers_walked(struct symbol *fn, int complete);
/**
 * The tuples to walk @fn with: 0 when none says anything its parameters'
 * types do not.  *@all_known: every caller is known (the tuple walks'
 * findings replace the first walk's), else they only add to them.
 */
size_t sci__callers_tuples(struct symbol *fn, int *all_known);
/** The walks of @fn that follow use its tuple @k (@fn NULL: none). */
void sci__callers_use(struct symbol *fn, size_t k);
/** At @fn's start (after its parameters are declared): the tuple's values. */
void sci__callers_entry(struct symbol *fn);
/**
 * The carried states (sci_carry_state()) @key holds here, for another
 * TU's callee: "" or "?RULE.STATE" for each, appended to a call_args
 * entry (fn_facts.c); sci__callers_carry_mask() is this TU's form.
 */
const char *sci__callers_carry_text(const sci_key *key);
unsigned sci__callers_carry_mask(const sci_key *key);
/** Forgets the carried states (the checkers register them again). */
void sci__callers_carry_reset(void);
/** Adds the call sites of @fn's tuple @k to @d, saying what they pass. */
void sci__callers_annotate(sci_diag *d, struct symbol *fn, size_t k);
/**
 * @caller's walks with its tuples are over: what they recorded replaces
 * what its first walk did (@ok), or is dropped (a limit stopped one, or
 * unknown callers may pass anything).
 */
void sci__callers_commit(struct symbol *caller, int ok);

/* ------------------------------------------------------------ report */

void sci__report_begin_tu(sci_diag_emit_fn emit, void *payload);
/** Emits a diagnostic not tied to a checker (debug intrinsics). */
void sci__report_raw(const char *rule, sci_level level, struct position pos,
		     const char *key, const char *msg);
void sci__report_flush_function(void);
/** Moves the findings of the function walked into @out (not emitted). */
void sci__report_take(sci_diag_list *out);
/** Emits every diagnostic of @list, sorted, and empties it. */
void sci__report_emit(sci_diag_list *list);
const char *sci__pos_path(struct position pos);

/* ------------------------------------------------------------- debug */

/** Handles __sci_* intrinsic calls; returns 1 if @call was one. */
int sci__debug_call(struct expression *call);

/* ------------------------------------------------------------ macros */

void sci__macros_install(void);
/** Lets sparse's #include search skip names a directory does not hold. */
void sci__includes_install(void (*listed)(const char *dir, void *payload),
			   void *payload);
/*
 * The block of the statement expression `({ ... })` being walked, or
 * NULL (walk_expr.c): only such a block ends with a value (walk.c).
 */
extern struct statement *sci__value_block;

/* ----------------------------------------------------------- registry */

/** Builds the owner table for @opts (checkers sorted by deps). */
void sci__registry_init(const sci_analyze_opts *opts);

#endif
