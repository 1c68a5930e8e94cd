/*
 * ret_paths.c - what each return path of a function says about its
 * parameters, and what a caller learns from it (Smatch's return states).
 *
 *	struct item *lookup(int key)
 *	{
 *		if (key < 0 || key > 15)
 *			return NULL;
 *		return &items[key];
 *	}
 *
 * has two paths: NULL when key is outside 0..15, a valid pointer when it
 * is in it.  A caller that writes `it = lookup(k); if (!it) ...` then
 * knows, on each side, only what those paths allow of k.
 *
 * Summary side: at every return, the value returned and, for each
 * parameter the body never assigns, its values on that path when they
 * are narrower than its type's.  Paths with the same parameter values are
 * one path returning the union of their values.  Kept only when some
 * path says something of a parameter and there are at most MAX_PATHS.
 *
 * Caller side: `x = f(args)` is walked once, then split into one state
 * per path - x narrowed to what the path returns, each argument that is
 * a variable narrowed to what the path allows - and the states merged
 * again.  The merge history is what implied states read: a later test of
 * x picks the paths it allows and so narrows the arguments.  A test of
 * the call itself (`if (!f(k))`) narrows the arguments directly.
 *
 * The integer globals the body reads and never writes count like
 * parameters (Juliet's variants 21 and 22: a flag the caller sets before
 * the call decides what the callee returns): a path records what it
 * allows of such a global, when no call of a project function came
 * before the return (one may have changed it since the entry).  A caller
 * that knows the global's value keeps only the paths that allow it.
 *
 * A path also says what the pointer or descriptor it returns is, when
 * that is more than a value: a fresh allocation (that may be NULL),
 * memory the function freed, a stream or descriptor it opened, the
 * object it points to the start of.  Where a flag or a parameter decides
 * it (`if (g_flag) data = malloc(n); return data;`), a caller whose
 * values fit only such paths treats the call as an allocator or an
 * opener, its result as freed or as pointing into that object
 * (sci__ret_paths_call_flags(), sci__ret_paths_call_obj(): memory-leak,
 * null-deref, double-free, use-after-free, resource-leak,
 * buffer-overflow); and an uninitialized argument that every such path
 * assigns before reading is unused (sci__ret_paths_call_unread()).
 *
 * Text form (sci_summary.paths): "RET", then ";!FLAGS" when the path
 * returns such a thing ('a' fresh, 'n' may be NULL, 'f' freed, 'o'
 * opened, "wMASK" the parameters assigned before any read), ";@OBJ" the
 * object it points to the start of (fn_facts.c's "ret_obj" text), then
 * ";N=VALUES" per parameter N and ";gNAME=VALUES" per global, range lists
 * as sci_rl_text() writes them, then ";*N=VALUES[/S]" per parameter N
 * pointing to an integer, what that integer holds on return (an
 * out-parameter: a caller's `r = f(&v)` narrows v per path); RET ends in "/S" when some of its bounds
 * only come from a type (S: its SCI_RL_SOFT_* bits), so a caller's
 * checks treat them as the whole summary's would.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"
#include "util/strmap.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PATHS 8
#define MAX_PATH_GLOBALS 4

/* ------------------------------------------------------- the summary */

static struct symbol *fn;
static unsigned written;	/* parameters the body assigns */
/* integer globals the body reads and never writes (MAX_PATH_GLOBALS) */
static struct symbol *gread[MAX_PATH_GLOBALS];
static int ngread;
/* This function's paths so far (malloc). */
typedef struct {
	char **v;
	size_t n;
	int overflow;	/* more than MAX_PATHS */
} pathlist;
/*
 * With the out-parameters' values (";*N="), and without them: a function
 * whose paths they split past MAX_PATHS keeps those it had before.
 */
static pathlist full, bare;

/* Functions of this TU: name -> their paths (malloc), for callers. */
typedef struct {
	char *name;
	char **paths;
	size_t n;
} entry;

static entry *entries;
static size_t nentries;
/*
 * The latest entry of each name: every call a walk assigns or tests asks,
 * and a TU walks hundreds of functions.
 */
static sci_strmap latest;

static void list_clear(pathlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
	l->overflow = 0;
}

static void texts_clear(void)
{
	list_clear(&full);
	list_clear(&bare);
}

void sci__ret_paths_begin(struct symbol *f)
{
	struct symbol *base = f->ctype.base_type;
	struct statement *body = base->stmt ? base->stmt : base->inline_stmt;
	struct symbol *const *globals;
	size_t k, ng;

	fn = f;
	written = sci__params_written(f);
	ngread = 0;
	texts_clear();
	ng = body ? sci__fn_globals(f, &globals) : 0;
	for (k = 0; k < ng && ngread < MAX_PATH_GLOBALS; k++)
		if (sci__type_is_int(sci__real_type(globals[k])) &&
		    sci_sym_name(globals[k]) && !sci__global_value(globals[k]) &&
		    !sci__stmt_writes(body, globals[k]))
			gread[ngread++] = globals[k];
}

/* "RET[/S]" as text. */
static const char *ret_text(const sci_rl *rl)
{
	unsigned soft = rl->soft & (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);

	return soft ? sci_arena_printf("%s/%u", sci_rl_text(rl), soft)
		    : sci_rl_text(rl);
}

/* Parses "RET[/S]"; NULL on error. */
static const sci_rl *parse_ret(const char *text)
{
	const char *slash = strchr(text, '/');
	const sci_rl *rl;
	char *end;
	unsigned long soft = 0;

	if (!slash)
		return sci_rl_parse(text);
	soft = strtoul(slash + 1, &end, 10);
	if (*end || soft > (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX) ||
	    !(rl = sci_rl_parse(sci_arena_printf("%.*s", (int)(slash - text),
						  text))))
		return NULL;
	return sci_rl_with_soft(rl, (unsigned)soft);
}

static const char *path_text(struct expression *value);
static const char *pointees_text(void);

/* Adds @text to @l, or merges it with a path of the same parameter values. */
static void list_add(pathlist *l, const char *text)
{
	const char *params = strchr(text, ';');
	size_t i, plen = params ? strlen(params) : 0;

	if (l->overflow)
		return;
	for (i = 0; i < l->n; i++) {
		const char *p = strchr(l->v[i], ';');
		const sci_rl *a, *b;
		char *ra, *rb;

		if ((p ? strlen(p) : 0) != plen || (plen && strcmp(p, params)))
			continue;
		ra = sci_printf_dup("%.*s", (int)(p ? p - l->v[i]
						     : (long)strlen(l->v[i])),
				    l->v[i]);
		rb = sci_printf_dup("%.*s", (int)(params ? params - text
						       : (long)strlen(text)),
				    text);
		a = parse_ret(ra);
		b = parse_ret(rb);
		free(ra);
		free(rb);
		if (!a || !b)
			return;
		free(l->v[i]);
		l->v[i] = sci_printf_dup("%s%s", ret_text(sci_rl_union(a, b)),
					  params ? params : "");
		return;
	}
	if (l->n == MAX_PATHS) {
		l->overflow = 1;
		return;
	}
	l->v = sci_realloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = sci_strdup(text);
}

/* The path of returning @value here, in both lists. */
static void add_path(struct expression *value)
{
	const char *text = path_text(value);

	list_add(&full, sci_arena_printf("%s%s", text, pointees_text()));
	list_add(&bare, text);
}

/*
 * ";*N=VALUES" for each parameter N that points to an integer and holds
 * its pointer still, when what it points to holds less than its type's
 * values here: an out-parameter (`*status = -1; return NULL;`).
 */
static const char *pointees_text(void)
{
	struct symbol *base = fn->ctype.base_type, *arg;
	const char *text = "";
	unsigned i = 0;

	FOR_EACH_PTR(base->arguments, arg) {
		struct symbol *type = sci__real_type(arg), *to;
		const sci_rl *rl;

		if (i >= SCI_SUMMARY_MAX_PARAMS || (written & (1u << i)) ||
		    !type || type->type != SYM_PTR || !sci_sym_name(arg) ||
		    !(to = sci__real_type(type->ctype.base_type)) ||
		    !sci__type_is_int(to)) {
			i++;
			continue;
		}
		rl = sci__key_rl(sci_key_pointee(arg), to);
		/* "/S" as for RET: a bound only a type gives stays soft */
		if (!sci_rl_is_empty(rl) && !sci_rl_equal(rl, sci__type_rl(to)))
			text = sci_arena_printf("%s;*%u=%s", text, i,
						ret_text(rl));
		i++;
	} END_FOR_EACH_PTR(arg);
	return text;
}

/* The path text of returning @value in the state sci__cur. */
static const char *path_text(struct expression *value)
{
	struct symbol *base = fn->ctype.base_type, *arg;
	unsigned flags = sci__fn_facts_path_flags(value);
	unsigned unread = sci__fn_facts_path_unread() & written;
	char *obj = sci__fn_facts_path_obj(value);
	const char *text;
	unsigned i = 0;
	int g;

	text = ret_text(sci_rl_cast(sci__expr_rl(value),
				    sci__vtype(base->ctype.base_type)));
	if (flags || unread)
		text = sci_arena_printf("%s;!%s%s%s%s%s", text,
					flags & SCI_RP_FRESH ? "a" : "",
					flags & SCI_RP_NULL ? "n" : "",
					flags & SCI_RP_FREED ? "f" : "",
					flags & SCI_RP_OPENED ? "o" : "",
					unread ? sci_arena_printf("w%u", unread)
					       : "");
	if (obj)
		text = sci_arena_printf("%s;@%s", text, obj);
	free(obj);
	FOR_EACH_PTR(base->arguments, arg) {
		struct symbol *type = sci__real_type(arg);
		const sci_rl *rl, *all;

		if (i >= SCI_SUMMARY_MAX_PARAMS || (written & (1u << i)) ||
		    !type || !sci_sym_name(arg) ||
		    (!sci__type_is_int(type) && !sci__type_is_ptr(type))) {
			i++;
			continue;
		}
		all = sci__type_rl(type);
		rl = sci__key_rl(sci_key_sym(arg), type);
		if (!sci_rl_is_empty(rl) && !sci_rl_equal(rl, all))
			text = sci_arena_printf("%s;%u=%s", text, i,
						sci_rl_text(rl));
		i++;
	} END_FOR_EACH_PTR(arg);
	/* a project function called since the entry may have set them */
	for (g = sci__fn_facts_globals_stale() ? ngread : 0; g < ngread; g++) {
		struct symbol *type = sci__real_type(gread[g]);
		const sci_rl *rl = sci__key_rl(sci_key_sym(gread[g]), type);

		if (!sci_rl_is_empty(rl) && !sci_rl_equal(rl, sci__type_rl(type)))
			text = sci_arena_printf("%s;g%s=%s", text,
						sci_sym_name(gread[g]),
						sci_rl_text(rl));
	}
	return text;
}

#define MAX_LEAVES 8

static void collect_leaves(const sci_sm *sm, const sci_sm **out, size_t *n)
{
	if (!sm || *n > MAX_LEAVES)
		return;
	if (!sm->left) {
		if (*n < MAX_LEAVES)
			out[*n] = sm;
		(*n)++;
		return;
	}
	collect_leaves(sm->left, out, n);
	collect_leaves(sm->right, out, n);
}

static int is_leaf(const sci_sm *leaf, void *payload)
{
	return leaf == payload;
}

/*
 * A variable returned that different branches assigned (`if (g_flag)
 * data = NULL; return data;`) or freed: one path per branch, each with
 * what that branch implies of the parameters and globals (implied.c), as
 * if each branch had its own return.  Needed where the values overlap (the
 * parameter passed back may be NULL too) and only the branch tells the
 * paths apart.
 */
void sci__ret_paths_return(struct expression *value)
{
	const sci_stree *save = sci__cur, *t;
	const sci_sm *sm, *leaves[MAX_LEAVES];
	const sci_key *key;
	size_t n = 0, i, added = 0;

	if (!fn || !sci__cur || !value || (full.overflow && bare.overflow))
		return;
	key = sci_key_expr(sci__strip(value));
	sm = key ? sci__stree_get(sci__cur, SCI_OWNER_EXTRA, key) : NULL;
	/* the same pointer, freed on one branch only (`if (g) free(p);`) */
	if (key && (!sm || !sm->left))
		sm = sci__stree_get(sci__cur, SCI_OWNER_FREED, key);
	if (sm && sm->left && sm->nleaves <= MAX_LEAVES)
		collect_leaves(sm, leaves, &n);
	if (n < 2 || n > MAX_LEAVES) {
		add_path(value);
		return;
	}
	for (i = 0; i < n; i++) {
		t = sci__implied(save, sm, is_leaf, (void *)leaves[i]);
		if (!t)
			continue;
		sci__cur = t;
		add_path(value);
		sci__cur = save;
		added++;
	}
	if (!added)
		add_path(value);
}

/* Does path @text say something of a parameter or a global? */
static int names_something(const char *text)
{
	const char *p;

	for (p = strchr(text, ';'); p; p = strchr(p + 1, ';'))
		if (p[1] != '!' && p[1] != '@')
			return 1;
	return 0;
}

void sci__ret_paths_end(int complete)
{
	pathlist *l = full.overflow ? &bare : &full;
	int useful = 0;
	size_t i;
	entry *e;

	if (!fn)
		return;
	for (i = 0; i < l->n; i++)
		useful |= names_something(l->v[i]);
	/* an entry without paths still hides another TU's same name */
	if (sci_sym_name(fn)) {
		entries = sci_realloc(entries, (nentries + 1) * sizeof(*entries));
		e = &entries[nentries++];
		e->name = sci_strdup(sci_sym_name(fn));
		e->paths = NULL;
		e->n = 0;
		sci_strmap_put(&latest, e->name, nentries - 1);
		if (complete && useful && !l->overflow) {
			e->paths = l->v;
			e->n = l->n;
			l->v = NULL;
			l->n = 0;
		}
	}
	texts_clear();
	fn = NULL;
}

static const entry *find_entry(const char *name)
{
	size_t k;

	/* the latest walk of a function wins */
	return name && sci_strmap_get(&latest, name, &k) ? &entries[k] : NULL;
}

size_t sci__ret_paths_text(const char *name, char *const **out)
{
	const entry *e = find_entry(name);

	*out = e ? e->paths : NULL;
	return e ? e->n : 0;
}

void sci__ret_paths_free(void)
{
	size_t i, k;

	for (i = 0; i < nentries; i++) {
		for (k = 0; k < entries[i].n; k++)
			free(entries[i].paths[k]);
		free(entries[i].paths);
		free(entries[i].name);
	}
	free(entries);
	entries = NULL;
	nentries = 0;
	sci_strmap_clear(&latest);
	texts_clear();
}

/* --------------------------------------------------------- the caller */

typedef struct {
	const sci_rl *ret;
	unsigned flags;		/* SCI_RP_* */
	unsigned unread;	/* parameters assigned before any read */
	const char *obj;	/* what it points to the start of, or NULL */
	const sci_rl *param[SCI_SUMMARY_MAX_PARAMS];	/* NULL: any */
	/* what the integer a parameter points to holds on return (NULL: any) */
	const sci_rl *pointee[SCI_SUMMARY_MAX_PARAMS];
	const char *gname[MAX_PATH_GLOBALS];	/* globals it allows */
	const sci_rl *global[MAX_PATH_GLOBALS];
	int nglobals;
} path;

/*
 * The path texts of @call's callee, or 0: a function of this TU that was
 * summarized (one without paths has none), else another TU's.
 */
static size_t call_texts(struct expression *call, char *const **out)
{
	const char *name = sci__call_name(call);
	const sci_summary *s;

	if (!name)
		return 0;
	if (find_entry(name))
		return sci__ret_paths_text(name, out);
	if (!sci__fn_has_body(call) && (s = sci__fn_facts_external(name))) {
		*out = s->paths;
		return s->npaths;
	}
	return 0;
}

/* The paths of @call's callee, parsed (arena), or 0. */
static size_t call_paths(struct expression *call, path **out)
{
	char *const *texts_of;
	size_t n = call_texts(call, &texts_of), i;
	path *v;

	if (!n)
		return 0;
	v = sci_arena_alloc((n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		char *dup = sci_arena_strdup(texts_of[i]), *tok, *save = NULL;

		memset(&v[i], 0, sizeof(v[i]));
		tok = strtok_r(dup, ";", &save);
		if (!tok || !(v[i].ret = parse_ret(tok)))
			return 0;
		while ((tok = strtok_r(NULL, ";", &save))) {
			char *eq = strchr(tok, '=');
			unsigned long k = strtoul(tok, NULL, 10);

			if (tok[0] == '@') {
				v[i].obj = tok + 1;
				continue;
			}
			if (tok[0] == '!') {
				v[i].flags = (strchr(tok, 'a') ? SCI_RP_FRESH : 0) |
					     (strchr(tok, 'n') ? SCI_RP_NULL : 0) |
					     (strchr(tok, 'f') ? SCI_RP_FREED : 0) |
					     (strchr(tok, 'o') ? SCI_RP_OPENED : 0);
				if (strchr(tok, 'w'))
					v[i].unread = (unsigned)strtoul(
						strchr(tok, 'w') + 1, NULL, 10);
				continue;
			}
			if (tok[0] == '*') {
				k = strtoul(tok + 1, NULL, 10);
				if (!eq || k >= SCI_SUMMARY_MAX_PARAMS ||
				    !(v[i].pointee[k] = parse_ret(eq + 1)))
					return 0;
				continue;
			}
			if (tok[0] == 'g' && eq) {
				/* past MAX_PATH_GLOBALS: a condition less */
				if (v[i].nglobals == MAX_PATH_GLOBALS)
					continue;
				*eq = '\0';
				v[i].gname[v[i].nglobals] = tok + 1;
				if (!(v[i].global[v[i].nglobals++] =
				      sci_rl_parse(eq + 1)))
					return 0;
				continue;
			}
			if (!eq || k >= SCI_SUMMARY_MAX_PARAMS ||
			    !(v[i].param[k] = sci_rl_parse(eq + 1)))
				return 0;
		}
	}
	*out = v;
	return n;
}

static struct expression *nth_arg(struct expression *call, unsigned n)
{
	struct expression *arg;
	unsigned i = 0;

	FOR_EACH_PTR(call->args, arg) {
		if (i++ == n)
			return arg;
	} END_FOR_EACH_PTR(arg);
	return NULL;
}

/*
 * The globals the callee's paths test, as the caller knew them when the
 * call was made: the walk of the call forgets what it may change, and
 * its result is assigned after that (sci__ret_paths_at_call()).
 */
#define MAX_CALL_GLOBALS 8
static struct {
	struct expression *call;
	const char *name[MAX_CALL_GLOBALS];
	const sci_rl *now[MAX_CALL_GLOBALS];
	int n;
	unsigned flags;		/* sci__ret_paths_call_flags() */
	const char *obj;	/* sci__ret_paths_call_obj(), arena */
} at_call;

static size_t call_paths(struct expression *call, path **out);

/* What the walk knows of the global @name now, or NULL. */
static const sci_rl *global_now(const char *name)
{
	const sci_key *key = sci_key_global(name);
	const sci_rl *now = key ? sci__key_known_rl(key) : NULL;

	return now && !sci_rl_is_empty(now) ? now : NULL;
}

static unsigned call_flags(struct expression *call, const path *v, size_t n,
			   const char **obj);

/* Does every global path @p tests allow what the walk knows of it now? */
static int globals_fit_now(const path *p)
{
	const sci_rl *now;
	int g;

	for (g = 0; g < p->nglobals; g++)
		if ((now = global_now(p->gname[g])) &&
		    sci_rl_is_empty(sci_rl_intersect(now, p->global[g])))
			return 0;
	return 1;
}

void sci__ret_paths_at_call(struct expression *call)
{
	char *const *texts_of;
	size_t n = call_texts(call, &texts_of), i;
	path *v;
	int g, k, tests = 0;

	at_call.call = call;
	at_call.n = 0;
	at_call.flags = 0;
	at_call.obj = NULL;
	/* the common case: no path tests a global or says what it returns */
	for (i = 0; i < n && tests != 3; i++)
		tests |= (strstr(texts_of[i], ";g") ? 1 : 0) |
			 (strstr(texts_of[i], ";!") || strstr(texts_of[i], ";@")
			  ? 2 : 0);
	if (!tests || !(n = call_paths(call, &v)))
		return;
	for (i = 0; i < n; i++)
		for (g = 0; g < v[i].nglobals; g++) {
			const sci_rl *now = global_now(v[i].gname[g]);

			for (k = 0; k < at_call.n; k++)
				if (strcmp(at_call.name[k], v[i].gname[g]) == 0)
					break;
			if (k < at_call.n || at_call.n == MAX_CALL_GLOBALS || !now)
				continue;
			at_call.name[at_call.n] = v[i].gname[g];
			at_call.now[at_call.n++] = now;
		}
	if (tests & 2)
		at_call.flags = call_flags(call, v, n, &at_call.obj);
}

/*
 * Can path @p of @call run: does every global it tests allow the value
 * the caller knew the global held at the call (`g_mode = 1; x = f();`)?
 */
static int globals_fit(const path *p, struct expression *call)
{
	int g, k;

	if (call != at_call.call)
		return 1;
	for (g = 0; g < p->nglobals; g++)
		for (k = 0; k < at_call.n; k++)
			if (strcmp(at_call.name[k], p->gname[g]) == 0 &&
			    sci_rl_is_empty(sci_rl_intersect(at_call.now[k],
							     p->global[g])))
				return 0;
	return 1;
}

/* @t with every argument narrowed to what @p allows (NULL: none fits). */
static const sci_stree *narrow_args(const sci_stree *t, struct expression *call,
				    const path *p)
{
	struct expression *arg;
	unsigned i;

	for (i = 0; t && i < SCI_SUMMARY_MAX_PARAMS; i++) {
		if (!p->param[i] || !(arg = nth_arg(call, i)) ||
		    !sci_key_expr(sci__strip(arg)))
			continue;
		/* the caller's view of the argument, converted as passed */
		t = sci__extra_narrow(t, arg, p->param[i]);
	}
	return t;
}

/*
 * @t with each integer an argument `&v` points to narrowed to what path
 * @p leaves in it.  After the call only: before it, v holds what the
 * caller put there.
 */
static const sci_stree *narrow_pointees(const sci_stree *t,
					struct expression *call, const path *p)
{
	struct expression *arg, *inner;
	struct symbol *type;
	unsigned i;

	for (i = 0; t && i < SCI_SUMMARY_MAX_PARAMS; i++) {
		if (!p->pointee[i] || !(arg = nth_arg(call, i)) ||
		    !sci_expr_is_addr_of(arg, &inner) ||
		    !sci_key_expr(sci__strip(inner)) ||
		    !(type = sci__real_type(sci__expr_type(inner))) ||
		    !sci__type_is_int(type))
			continue;
		t = sci__extra_narrow(t, inner,
				      sci_rl_cast(p->pointee[i],
						  sci__vtype(type)));
	}
	return t;
}

void sci__ret_paths_assign(struct expression *target, struct expression *call)
{
	const sci_stree *base = sci__cur, *out = NULL, *t;
	path *v;
	size_t n = call_paths(call, &v), i;
	if (n < 2 || !base || !sci_key_expr(target))
		return;
	for (i = 0; i < n; i++) {
		if (!globals_fit(&v[i], call))
			continue;
		t = sci__extra_narrow(base, target, v[i].ret);
		t = narrow_args(t, call, &v[i]);
		t = narrow_pointees(t, call, &v[i]);
		if (t)
			out = out ? sci__stree_merge(out, t) : t;
	}
	if (out)
		sci__cur = out;
}

const sci_stree *sci__ret_paths_narrow(const sci_stree *t,
				       struct expression *call,
				       const sci_rl *allowed)
{
	const sci_stree *out = NULL, *s;
	path *v;
	size_t n = call_paths(call, &v), i;

	if (n < 2 || !t)
		return t;
	for (i = 0; i < n; i++) {
		if (sci_rl_is_empty(sci_rl_intersect(v[i].ret, allowed)) ||
		    !globals_fit(&v[i], call))
			continue;
		s = narrow_pointees(narrow_args(t, call, &v[i]), call, &v[i]);
		if (s)
			out = out ? sci__stree_merge(out, s) : s;
	}
	/* no path fits: the summary and the values disagree; trust neither */
	return out ? out : t;
}

/*
 * Can path @p run with @call's arguments?  A variable narrowed to what
 * the path allows must keep some value; a constant or another pointer
 * (a string literal is not NULL) must have one it allows.
 */
static int args_fit(struct expression *call, const path *p)
{
	struct expression *arg;
	sci_val c;
	unsigned i;

	for (i = 0; i < SCI_SUMMARY_MAX_PARAMS; i++) {
		if (!p->param[i] || !(arg = nth_arg(call, i)) ||
		    sci_key_expr(sci__strip(arg)))
			continue;
		/* a constant, or a pointer such as a string literal */
		if ((sci__const_val(arg, &c) &&
		     sci_rl_is_empty(sci_rl_intersect(p->param[i],
						      sci_rl_range(c, c)))) ||
		    (sci__type_is_ptr(sci__expr_type(arg)) &&
		     sci_rl_is_empty(sci_rl_intersect(p->param[i],
						      sci__expr_rl(arg)))))
			return 0;
	}
	return narrow_args(sci__cur, call, p) != NULL;
}

/*
 * What every path of @call's callee (@v, @n) that can run here says it
 * returns: the arguments' values as passed, the globals as the caller
 * knew them.  Fresh or freed on every such path; NULL when some fresh
 * one may be; SCI_RP_NONNULL when none of them returns NULL.
 */
static unsigned call_flags(struct expression *call, const path *v, size_t n,
			   const char **obj)
{
	unsigned all = ~0u, null = 0, nonnull = SCI_RP_NONNULL;
	const sci_rl *zero = sci_rl_range(0, 0);
	int fits = 0, objs = 1;
	size_t i;

	*obj = NULL;
	for (i = 0; i < n; i++) {
		if (!globals_fit(&v[i], call) || !args_fit(call, &v[i]))
			continue;
		fits = 1;
		/* one object on every path that returns non-NULL */
		if (v[i].obj && objs && (!*obj || strcmp(*obj, v[i].obj) == 0))
			*obj = v[i].obj;
		else if (!sci_rl_equal(v[i].ret, zero))
			objs = 0;
		all &= v[i].flags;
		null |= v[i].flags & SCI_RP_NULL;
		if ((v[i].flags & SCI_RP_NULL) ||
		    !sci_rl_is_empty(sci_rl_intersect(v[i].ret, zero)))
			nonnull = 0;
	}
	if (!fits || !objs)
		*obj = NULL;
	if (!fits)
		return 0;
	return (all & (SCI_RP_FRESH | SCI_RP_FREED | SCI_RP_OPENED)) |
	       ((all & SCI_RP_FRESH) ? null : 0) | nonnull;
}

/*
 * Does path @p allow every integer argument of @call as the walk knows it
 * now (`pick(0)` cannot take the path that needs `flag != 0`)?  Pointers
 * and arguments with side effects are left to narrow_args().
 */
static int int_args_fit(struct expression *call, const path *p)
{
	struct expression *callee = sci__strip(call->fn), *arg;
	struct symbol *base, *param;
	unsigned i = 0;
	int fit = 1;

	if (!callee || callee->type != EXPR_SYMBOL || !callee->symbol ||
	    !(base = sci__real_type(callee->symbol)) || base->type != SYM_FN)
		return 1;
	PREPARE_PTR_LIST(base->arguments, param);
	FOR_EACH_PTR(call->args, arg) {
		struct symbol *type;

		if (!param || i >= SCI_SUMMARY_MAX_PARAMS)
			break;
		type = sci__real_type(param);
		if (fit && p->param[i] && type && sci__type_is_int(type) &&
		    (arg->type == EXPR_VALUE || arg->type == EXPR_SYMBOL ||
		     arg->type == EXPR_CAST || arg->type == EXPR_IMPLIED_CAST) &&
		    sci_rl_is_empty(sci_rl_intersect(p->param[i],
			    sci_rl_cast(sci__expr_rl(arg), sci__vtype(type)))))
			fit = 0;
		i++;
		NEXT_PTR_LIST(param);
	} END_FOR_EACH_PTR(arg);
	FINISH_PTR_LIST(param);
	return fit;
}

/*
 * What @call returns on the paths its integer arguments and the globals
 * it tests allow, when that rules some path out; else NULL (every path
 * can run, or none can: the summary and the values disagree).
 */
const sci_rl *sci__ret_paths_call_rl(struct expression *call)
{
	char *const *texts_of;
	size_t n = call_texts(call, &texts_of), i;
	const sci_rl *out = NULL;
	int some = 0, cut = 0;
	path *v;

	/* the common case: no path says anything of a parameter */
	for (i = 0; i < n && !some; i++)
		some = strchr(texts_of[i], '=') != NULL;
	if (!some || n < 2 || !(n = call_paths(call, &v)))
		return NULL;
	for (i = 0; i < n; i++) {
		if (!int_args_fit(call, &v[i]) || !globals_fit_now(&v[i])) {
			cut = 1;
			continue;
		}
		out = out ? sci_rl_union(out, v[i].ret) : v[i].ret;
	}
	return cut ? out : NULL;
}

unsigned sci__ret_paths_call_flags(struct expression *call)
{
	return call && call == at_call.call ? at_call.flags : 0;
}

int sci__ret_paths_call_obj(struct expression *call, sci_ret_obj *out)
{
	return call && call == at_call.call && at_call.obj &&
	       sci__fn_facts_parse_obj(at_call.obj, out);
}

/*
 * Asked while the call's arguments are walked (an argument read is a
 * use unless the callee ignores it), so the globals are taken as they
 * are now, not from at_call.
 */
int sci__ret_paths_call_unread(struct expression *call, int i)
{
	char *const *texts_of;
	size_t n = call_texts(call, &texts_of), k;
	unsigned all = ~0u;
	int fits = 0, g;
	path *v;

	for (k = 0; k < n && !strstr(texts_of[k], ";!"); k++)
		;
	if (k == n || i < 0 || i >= 32 || !sci__cur || !(n = call_paths(call, &v)))
		return 0;
	for (k = 0; k < n; k++) {
		for (g = 0; g < v[k].nglobals; g++) {
			const sci_rl *now = global_now(v[k].gname[g]);

			if (now && sci_rl_is_empty(sci_rl_intersect(now,
								    v[k].global[g])))
				break;
		}
		if (g < v[k].nglobals || !args_fit(call, &v[k]))
			continue;
		fits = 1;
		all &= v[k].unread;
	}
	return fits && (all & (1u << i));
}
