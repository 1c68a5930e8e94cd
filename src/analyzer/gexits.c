/*
 * gexits.c - what a function of the TU leaves in the globals it writes,
 * so that a call of it does not make the caller forget every global.
 *
 *	static char *g_buf;
 *	static void reset(void) { g_buf = NULL; }
 *	...
 *	reset();
 *	strcpy(g_buf, s);	// g_buf is NULL: reset() set it
 *
 * A call of a project function makes the walk forget what it knew of every
 * global (the callee may write any).  For a function of this TU whose
 * first walk saw every store it makes, the call forgets only the globals
 * it writes (and those a pointer may reach, as before), and gives each
 * written global variable what it held at the function's returns.
 *
 * The record is kept only when the walk can name every store: to a local,
 * or to a global variable or a member of one, directly; a store through a
 * pointer (`*p = v`, `p->m = v`), an element of a global array at an
 * index that is no constant, a call of a function of another TU or
 * through a pointer, or a library call that gets a pointer it may write
 * through (other than a local's address) makes the function's writes
 * unknown.  Calls of the TU's functions add their records (callees are
 * walked first; a recursive call has none yet: unknown).  Only the first
 * walk records (the walks with callers' values start from particular
 * globals); every walk uses the records.  Values are kept for whole
 * global variables, not members (their keys are per walk): a written
 * member makes its variable forgotten.
 */
#include "analyzer/engine_int.h"
#include "analyzer/symtab.h"
#include "util/alloc.h"

#include <string.h>

#define MAX_WRITES 16

typedef struct {
	struct symbol *fn;	/* symtab key */
	int state;		/* 1: writes known, -1: not */
	size_t n;
	struct symbol *base[MAX_WRITES];	/* globals written */
	sci_rl *exit[MAX_WRITES];	/* a variable's value at the returns
					 * (malloc), or NULL: unknown */
} record;

static sci_symtab table;

/* The first walk in progress. */
static struct {
	struct symbol *fn;
	int unknown;
	size_t n;
	struct symbol *base[MAX_WRITES];
	const sci_rl *exit[MAX_WRITES];	/* arena; NULL: unknown */
	unsigned char whole[MAX_WRITES];	/* the variable itself written */
	unsigned char seen[MAX_WRITES];	/* some return recorded it */
} cur;

static record *lookup(struct symbol *fn, int add)
{
	return sci__symtab_get(&table, sizeof(record), 64, fn, add);
}

void sci__gexits_begin(struct symbol *fn)
{
	memset(&cur, 0, sizeof(cur));
	cur.fn = fn;
}

void sci__gexits_unknown(void)
{
	if (cur.fn)
		cur.unknown = 1;
}

static int is_global(struct symbol *sym)
{
	return sym && sym->type == SYM_NODE &&
	       (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC)) &&
	       !sci_sym_is_local(sym) && !sci_sym_is_param(sym);
}

static void add_write(struct symbol *base, int whole)
{
	size_t i;

	for (i = 0; i < cur.n; i++)
		if (cur.base[i] == base)
			break;
	if (i == cur.n) {
		if (cur.n == MAX_WRITES) {
			cur.unknown = 1;
			return;
		}
		cur.base[cur.n++] = base;
	}
	cur.whole[i] |= (unsigned char)whole;
}

void sci__gexits_write(const sci_key *key)
{
	if (!cur.fn || cur.unknown)
		return;
	if (!key || !key->base || key->indirect) {
		cur.unknown = 1;	/* through a pointer: anywhere */
		return;
	}
	if (sci_sym_is_local(key->base) || sci_sym_is_param(key->base))
		return;
	if (!is_global(key->base)) {
		cur.unknown = 1;
		return;
	}
	add_write(key->base, key->is_var);
}

/*
 * A call of a function of this TU whose record is known: its writes.
 * Asked for every global key after a call: the last answer is kept
 * (records move only when sci__gexits_end() adds one).
 */
static struct {
	struct expression *call;
	const record *r;
} last;

static const record *known_callee(struct expression *call)
{
	struct expression *fn = sci__strip(call ? call->fn : NULL);
	const record *r;

	if (call && call == last.call)
		return last.r;
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol)
		return NULL;
	r = lookup(fn->symbol->definition ? fn->symbol->definition :
		   fn->symbol, 0);
	last.call = call;
	last.r = r && r->state > 0 ? r : NULL;
	return last.r;
}

void sci__gexits_call(struct expression *call, int library, int writes)
{
	const record *r;
	size_t i;

	if (!cur.fn || cur.unknown)
		return;
	if (library) {
		if (writes)
			cur.unknown = 1;
		return;
	}
	if (!(r = known_callee(call))) {
		cur.unknown = 1;
		return;
	}
	for (i = 0; i < r->n; i++)
		add_write(r->base[i], r->exit[i] != NULL);
}

void sci__gexits_return(void)
{
	size_t i;

	if (!cur.fn || cur.unknown || !sci__cur)
		return;
	for (i = 0; i < cur.n; i++) {
		const sci_key *key = sci_key_sym(cur.base[i]);
		const sci_rl *now = key ? sci__key_known_rl(key) : NULL;

		if (!cur.whole[i] || !now || sci_rl_is_empty(now)) {
			cur.exit[i] = NULL;
			cur.seen[i] = 2;	/* unknown at some return */
			continue;
		}
		if (cur.seen[i] == 2)
			continue;
		cur.exit[i] = cur.seen[i] ? sci_rl_union(cur.exit[i], now) : now;
		cur.seen[i] = 1;
	}
}

void sci__gexits_end(int complete)
{
	record *r;
	size_t i;

	if (!cur.fn)
		return;
	last.call = NULL;	/* adding may move every record */
	r = lookup(cur.fn, 1);
	r->state = complete && !cur.unknown ? 1 : -1;
	if (r->state > 0) {
		r->n = cur.n;
		for (i = 0; i < cur.n; i++) {
			r->base[i] = cur.base[i];
			if (cur.seen[i] == 1 && cur.exit[i]) {
				size_t sz = sizeof(sci_rl) +
					    cur.exit[i]->n * sizeof(sci_range);

				r->exit[i] = sci_malloc(sz);
				memcpy(r->exit[i], cur.exit[i], sz);
			}
		}
	}
	cur.fn = NULL;
}

int sci__gexits_known(struct expression *call)
{
	return known_callee(call) != NULL;
}

int sci__gexits_writes(struct expression *call, struct symbol *base)
{
	const record *r = known_callee(call);
	size_t i;

	for (i = 0; r && i < r->n; i++)
		if (r->base[i] == base)
			return 1;
	return 0;
}

void sci__gexits_apply(struct expression *call)
{
	const record *r = known_callee(call);
	size_t i;

	for (i = 0; r && sci__cur && i < r->n; i++)
		if (r->exit[i] && !sci__sym_pointed_to(r->base[i]))
			sci__extra_set_rl(sci_key_sym(r->base[i]), r->exit[i]);
}

void sci__gexits_free(void)
{
	size_t i;

	for (i = 0; i < table.n; i++) {
		record *r = (record *)table.recs + i;
		size_t k;

		if (!r->fn)
			continue;
		for (k = 0; k < r->n; k++)
			free(r->exit[k]);
	}
	sci__symtab_clear(&table);
	memset(&cur, 0, sizeof(cur));
	last.call = NULL;
}
