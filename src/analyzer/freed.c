/*
 * freed.c - memory a pointer points to was released (issue "The checker
 * suite": double-free and use-after-free stand on it).
 *
 * A key is "freed" after it was passed to a deallocator: free(), a
 * deallocator of the library models or the project profile, or a project
 * function whose summary frees that parameter on every path; a pointer
 * global, after a call of a function whose summary frees it on every
 * path (`free_globals`).  Copies made
 * before the release are freed too: the keys the relations know equal to
 * the argument (`q = p; free(p);` frees q), and a copy made after it
 * (`q = p` with p freed).  Any change of the key ends it, and so does
 * anything that makes the value model forget the key (a call that may
 * write it: a global, or memory reachable from an argument).
 *
 * realloc() and the models' other allocators that take a block are not
 * releases here: they free their argument only when they succeed, and
 * `q = realloc(p, n); if (!q) free(p);` is the right way to use them.
 *
 * Owner SCI_OWNER_FREED: one state.  A join keeps it only when every side
 * has it, or has the pointer NULL (free(NULL) releases nothing, and a NULL
 * pointer is the null-deref checker's business): a path on which the
 * block was not freed makes the merged state unknown, so a finding needs
 * every path, as sorted out by implied states, to have freed the memory.
 */
#include "analyzer/engine_int.h"

#include <string.h>

static const sci_state freed = { "freed", NULL };

/*
 * The function being walked called setjmp(): its second return starts
 * paths with the values of the longjmp() - after a callee assigned a
 * pointer it was handed (`start(&jmp, &p)`), say - which the walk does
 * not have, so its releases are no evidence there, on some path or on
 * all (the first pass's NULL counts as released).
 */
static struct symbol *setjmp_fn;

static int is_setjmp(const char *name)
{
	return name && (strcmp(name, "setjmp") == 0 ||
			strcmp(name, "_setjmp") == 0 ||
			strcmp(name, "sigsetjmp") == 0 ||
			strcmp(name, "__sigsetjmp") == 0);
}

/* A side whose pointer is NULL counts as freed: it holds nothing to use. */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	long long v;

	if (mine != &freed && other == &freed &&
	    sci_value_key_known(key, &v) && v == 0)
		return &freed;
	return mine;
}

void sci__freed_register(void)
{
	sci__owners[SCI_OWNER_FREED].rule = "freed";
	sci__owners[SCI_OWNER_FREED].pre_merge = pre_merge;
	sci__owners[SCI_OWNER_FREED].enabled = 1;
}

/*
 * The key of the pointer global @name as this TU sees it: one the walk
 * met, or its declaration here.  A static one only where the callee is
 * of this TU too (another TU's static of that name is another variable).
 */
static const sci_key *global_key(const char *name, int callee_here)
{
	const sci_key *k = sci_key_global(name);
	struct symbol *sym;

	if (!k)
		FOR_EACH_PTR(file_scope->symbols, sym) {
			if (sym->type == SYM_NODE && sym->ident &&
			    strcmp(show_ident(sym->ident), name) == 0) {
				k = sci_key_sym(sym);
				break;
			}
		} END_FOR_EACH_PTR(sym);
	if (!k || !k->base || !sci__type_is_ptr(k->base) ||
	    ((k->base->ctype.modifiers & MOD_STATIC) && !callee_here))
		return NULL;
	return k;
}

/* A function that frees pointer globals on every path (`gfrees`). */
static void free_globals(const char *name, struct position pos)
{
	char *const *v;
	size_t i, n = sci__fn_facts_free_globals(name, &v);
	const sci_key *k;

	for (i = 0; i < n; i++)
		if ((k = global_key(v[i], sci__fn_facts_defined_here(name))))
			sci__mark_set(SCI_OWNER_FREED, &freed, k, pos);
}

void sci__freed_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	const sci_key *key;
	struct expression *fn;
	int arg;

	if (is_setjmp(name))
		setjmp_fn = sci__cur_fn;
	if (!sci__cur || !name || sci_profile_is_alloc(name))
		return;
	fn = sci__strip(call)->fn;
	free_globals(name, fn ? fn->pos : call->pos);
	arg = sci_profile_free_arg(name);
	/* only a pointer holds memory: a deallocator's other arguments do not */
	if (arg < 0 || !sci_expr_is_pointer(sci_call_arg(call, arg)) ||
	    !(key = sci_key_expr(sci_call_arg(call, arg))))
		return;
	fn = sci__strip(call)->fn;
	sci__mark_set(SCI_OWNER_FREED, &freed, key, fn ? fn->pos : call->pos);
}

void sci__freed_forget(const sci_key *key)
{
	sci__mark_forget(SCI_OWNER_FREED, key);
}

/*
 * `q = p` with p freed, and `q = source()` where every path of source()
 * returns memory it freed (its summary), or every path that the caller's
 * values let run (ret_paths.c): q is freed, at the call.
 */
void sci__freed_assign(const sci_key *key, struct expression *right)
{
	struct expression *r = sci__strip(right);
	const char *name = r && r->type == EXPR_CALL ? sci__call_name(r) : NULL;

	if (key && sci__cur && name &&
	    (sci__fn_facts_returns_freed(name) ||
	     (sci__ret_paths_call_flags(r) & SCI_RP_FREED))) {
		sci__mark_set(SCI_OWNER_FREED, &freed, key, r->pos);
		return;
	}
	sci__mark_copy(SCI_OWNER_FREED, &freed, key, right);
}

int sci__freed_key(const sci_key *key)
{
	return sci__mark_has(SCI_OWNER_FREED, &freed, key);
}

void sci__freed_set_key(const sci_key *key, struct position pos)
{
	sci__set_state(SCI_OWNER_FREED, key, &freed, pos);
}

int sci_value_freed(sci_expr *e, sci_pos *where)
{
	if (setjmp_fn && setjmp_fn == sci__cur_fn)
		return 0;
	return sci__mark_of(SCI_OWNER_FREED, &freed, e, where);
}

/*
 * Some path only for a local variable or parameter: a member or a global
 * may be changed by the callee that freed it (a list's tail unlinked by
 * the function that frees the node, a back pointer cleared), behind the
 * walk's back; every path (sci_value_freed()) still covers those.
 */
int sci_value_maybe_freed(sci_expr *e, sci_pos *where)
{
	const sci_key *key = sci__cur ? sci_key_expr(e) : NULL;

	if (!key || !key->is_var || !key->base ||
	    !(sci_sym_is_local(key->base) || sci_sym_is_param(key->base)) ||
	    (setjmp_fn && setjmp_fn == sci__cur_fn))
		return 0;
	return sci__mark_maybe(SCI_OWNER_FREED, &freed, e, where);
}
