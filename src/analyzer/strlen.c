/*
 * strlen.c - the length of the string a char or wchar_t array holds, where
 * every write that made it is seen (issue "The checker suite": the
 * buffer-overflow of strcpy() and strcat(), and what strlen() returns).
 *
 *	char src[100], dst[50];
 *	memset(src, 'C', 99);		// src: 99 non-NUL characters, then ?
 *	src[99] = '\0';			// src holds a string of 99
 *	strcpy(dst, src);		// 100 bytes into 50
 *	memcpy(dst, x, strlen(src));	// strlen(src) is 99
 *
 * Tracked: arrays with a key (local and global arrays, members of local
 * structs: points.c's objects) and blocks of known size from an
 * allocator (points.c names each by its call), per element size (1 for char, 4 for
 * wchar_t; a write of another size forgets the array).  In a walk with
 * its callers' values, a parameter's object starts with the length its
 * callers' string had (callers.c: sci__strlen_pointed() at the call,
 * sci__strlen_set() at the entry); the callee's writes change it.
 * What sets a length: an initializer (`char s[11] = "ten chars!"`,
 * `= ""`, `= {0}`), memset()/wmemset() from the start (a non-zero fill gives "n non-NUL
 * characters", a NUL store at or before n then the length), a store of
 * an element at a known index, and strcpy/strncpy/strcat/strncat and
 * their wide forms from a string whose length is known (or a literal).
 *
 * What forgets a length: a store at an unknown index or an unknown value
 * where it matters, a store through a char pointer whose object is
 * unknown (it may be the array), a library call that gets a pointer into
 * it (but the string readers: strlen, strcmp, printf..., and parameters
 * declared pointer to const: open()'s path), and for global
 * arrays any call of the project.  A pointer into the array passed to a
 * project's function, or stored anywhere but a local pointer, stops its
 * tracking for the rest of the function: whoever holds that pointer may
 * write it unseen at any call.
 *
 * Owner SCI_OWNER_STRLEN; a state's data is its `sl`.  A join keeps a
 * length only when both sides have the same one; its history keeps each
 * side's, so a test of one character (`if (!s[0])`) drops the paths
 * whose lengths say otherwise (sci__strlen_narrow_char()).
 */
#include "analyzer/engine_int.h"

#include <string.h>

#define NBUCKETS 64
#define MAX_ESCAPED 64

typedef struct sl {
	sci_state state;	/* data: this */
	int prefix;		/* 1: len non-NUL characters, then unknown */
	sci_val len;		/* characters */
	int unit;		/* bytes per character */
	struct sl *next;
} sl;

static sl *states[NBUCKETS];
static const sci_key *escaped[MAX_ESCAPED];
static int nescaped;
static int escaped_overflow;	/* more than MAX_ESCAPED: none is tracked */
static int any;			/* some length set in this function */

void sci__strlen_init(void)
{
	memset(states, 0, sizeof(states));
	nescaped = 0;
	escaped_overflow = 0;
	any = 0;
}

static const sci_state *intern(int prefix, sci_val len, int unit)
{
	unsigned b = (unsigned)(len * 7 + prefix * 3 + unit) % NBUCKETS;
	sl *s;

	for (s = states[b]; s; s = s->next)
		if (s->prefix == prefix && s->len == len && s->unit == unit)
			return &s->state;
	s = sci_arena_alloc(sizeof(*s));
	s->prefix = prefix;
	s->len = len;
	s->unit = unit;
	s->state.name = prefix ? "prefix" : "strlen";
	s->state.data = s;
	s->next = states[b];
	states[b] = s;
	return &s->state;
}

static const sl *as_sl(const sci_state *s)
{
	return s && s != &sci_undefined ? s->data : NULL;
}

static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	(void)a;
	(void)b;
	return &sci_undefined;	/* equal states never get here */
}

void sci__strlen_register(void)
{
	sci__owners[SCI_OWNER_STRLEN].rule = "strlen";
	sci__owners[SCI_OWNER_STRLEN].merge = merge;
	sci__owners[SCI_OWNER_STRLEN].enabled = 1;
}

static const sl *get(const sci_key *key)
{
	const sci_sm *sm = sci__cur ? sci__stree_get(sci__cur, SCI_OWNER_STRLEN,
						     key) : NULL;

	return sm ? as_sl(sm->state) : NULL;
}

static int is_escaped(const sci_key *key)
{
	int i;

	for (i = 0; i < nescaped; i++)
		if (escaped[i] == key)
			return 1;
	return 0;
}

static void set(const sci_key *key, int prefix, sci_val len, int unit)
{
	if (!sci__cur || escaped_overflow || is_escaped(key) || len < 0)
		return;
	any = 1;
	sci__set_state(SCI_OWNER_STRLEN, key, intern(prefix, len, unit),
		       (struct position){ 0 });
}

void sci__strlen_set(const sci_key *key, sci_val len, int unit)
{
	if (key && (unit == 1 || unit == 4))
		set(key, 0, len, unit);
}

int sci__strlen_pointed(struct expression *e, const sci_key *ptr,
			sci_val *len, int *unit)
{
	const sci_key *key;
	const sl *s;
	sci_val off, size;
	int exact;

	if (!any)
		return 0;	/* no length known in this function */
	key = e ? sci__points_array(e, &off, &size, &exact) :
		  sci__points_key_array(ptr, &off, &size, &exact);
	if (!key || !exact || !(s = get(key)) || s->prefix || off < 0 ||
	    off % s->unit || off / s->unit > s->len)
		return 0;
	*len = s->len - off / s->unit;
	*unit = s->unit;
	return 1;
}

void sci__strlen_forget(const sci_key *key)
{
	if (any && key && get(key))
		sci__set_state(SCI_OWNER_STRLEN, key, &sci_undefined,
			       (struct position){ 0 });
}

/* Every length known on this path goes; @globals: of globals only. */
static void forget_all(int globals)
{
	const sci_sm **v;
	size_t n, i;

	if (!any || !sci__cur)
		return;
	v = sci__stree_list(sci__cur, SCI_OWNER_STRLEN, &n);
	for (i = 0; i < n; i++)
		if (as_sl(v[i]->state) &&
		    (!globals || !v[i]->key->base ||
		     !sci_sym_is_local(v[i]->key->base)))
			sci__set_state(SCI_OWNER_STRLEN, v[i]->key, &sci_undefined,
				       (struct position){ 0 });
}

/* Whoever got a pointer into @key's array may write it at any call. */
static void escaped_now(const sci_key *key)
{
	sci__strlen_forget(key);
	if (is_escaped(key))
		return;
	if (nescaped < MAX_ESCAPED)
		escaped[nescaped++] = key;
	else
		escaped_overflow = 1;
}

/* Bytes of what @e (a pointer or an array) points to; 0 if unknown. */
static int unit_of(struct expression *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(e)), *base;

	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return 0;
	base = sci__real_type(t->ctype.base_type);
	if (!base || !sci__type_is_int(base) || base->bit_size <= 0)
		return 0;
	return base->bit_size / 8;
}

/*
 * The tracked array @p points into at a known character index: its key,
 * and the index in @unit characters.  0 when not such a place.
 */
static int place(struct expression *p, int unit, const sci_key **key,
		 sci_val *index)
{
	sci_val off, size;
	int exact;

	if (!(*key = sci__points_array(p, &off, &size, &exact)) || !exact ||
	    off < 0 || off % unit || off >= size)
		return 0;
	*index = off / unit;
	return 1;
}

/* The length of the string @e points to, in @unit characters, or -1. */
static sci_val length_of(struct expression *e, int unit)
{
	const sci_key *key;
	const sl *s;
	sci_val index;

	e = sci__strip(e);
	if (e && e->type == EXPR_STRING && e->string && !e->wide && unit == 1)
		return (sci_val)strlen(e->string->data);
	if (!e || !place(e, unit, &key, &index) || !(s = get(key)) ||
	    s->prefix || s->unit != unit || index > s->len)
		return -1;
	return s->len - index;
}

/* ------------------------------------------------------------ stores */

/* `a[k] = v`: the array's string after one character changed. */
static void store(const sci_key *key, sci_val k, int unit,
		  struct expression *value)
{
	const sl *s = get(key);
	long long v;
	int known = value && sci_value_known(value, &v);

	if (!s) {
		if (k == 0 && known && v == 0)
			set(key, 0, 0, unit);
		return;
	}
	if (s->unit != unit) {
		sci__strlen_forget(key);
		return;
	}
	if (known && v == 0) {
		/* a NUL inside the known characters ends the string there */
		if (k <= s->len)
			set(key, 0, k, unit);
		else if (s->prefix)
			sci__strlen_forget(key);
		return;
	}
	if (k < s->len && known)
		return;		/* a character replaced by another */
	if (k > s->len && !s->prefix)
		return;		/* past the NUL: the string is the same */
	sci__strlen_forget(key);
}

/* A store through a character pointer the model cannot place. */
static void store_unplaced(struct expression *ptr)
{
	const sci_key *key;
	sci_val off, size;
	int exact;

	if ((key = sci__points_array(ptr, &off, &size, &exact)))
		sci__strlen_forget(key);
	else
		forget_all(0);
}

/* `*(p + k) = v` with a character element. */
static void store_element(struct expression *left, struct expression *right)
{
	struct expression *ptr = sci__strip(left->unop);
	const sci_key *key;
	sci_val index;
	int unit = unit_of(ptr);

	if (unit != 1 && unit != 2 && unit != 4)
		store_unplaced(ptr);	/* a wider store: not a character */
	else if (place(ptr, unit, &key, &index))
		store(key, index, unit, right);
	else
		store_unplaced(ptr);
}

/* `char s[N] = "..."`, `= ""`, `= {0}`: a declaration's string. */
static void initialize(struct expression *left, struct expression *right)
{
	struct symbol *t = sci__real_type(sci__expr_type(left));
	const sci_key *key = sci_key_expr(left);
	int unit = unit_of(left);
	sci_val n;

	if (!key || !t || t->type != SYM_ARRAY || !unit || t->bit_size <= 0)
		return;
	right = sci__strip(right);
	if (right && right->type == EXPR_STRING && right->string &&
	    !right->wide && unit == 1) {
		n = (sci_val)strlen(right->string->data);
		/* no room for the NUL: no string */
		if (n < t->bit_size / 8)
			set(key, 0, n, 1);
		return;
	}
	if (right && right->type == EXPR_INITIALIZER) {
		struct expression *first = first_ptr_list(
			(struct ptr_list *)right->expr_list);
		long long v;

		/* `{0}` and `{}`: every element is 0 */
		if (!first || (sci_value_known(first, &v) && v == 0 &&
			       expression_list_size(right->expr_list) == 1))
			set(key, 0, 0, unit);
	}
}

/*
 * A pointer into an array stored where another name may write through
 * it later (a global, a member, memory through a pointer): the array is
 * not tracked again in this function.
 */
static void escape(struct expression *left, struct expression *right)
{
	const sci_key *key;
	sci_val off, size;
	int exact;

	if (!right || !sci__type_is_ptr(sci__expr_type(right)) ||
	    !(key = sci__points_array(right, &off, &size, &exact)))
		return;
	if (sci_expr_symbol(left) && sci_sym_is_local(sci_expr_symbol(left)))
		return;
	escaped_now(key);
}

/*
 * `p->m = v` (`(*p).m`): a struct laid over an array by a cast writes it;
 * through a pointer the model cannot place, any global array may be the
 * one (a local is reached only through a pointer it knows).
 */
static void store_member(struct expression *left)
{
	const sci_key *key;
	sci_val off, size;
	int exact;

	while (left && left->type == EXPR_DEREF)
		left = sci__strip(left->deref);
	if (!left || left->type != EXPR_PREOP || left->op != '*')
		return;
	if ((key = sci__points_array(left->unop, &off, &size, &exact)))
		sci__strlen_forget(key);
	else
		forget_all(1);
}

void sci__strlen_assign(struct expression *e)
{
	struct expression *left = sci__strip(e->left);

	if (!sci__cur || !left)
		return;
	if (e->op == '=')
		escape(left, e->right);
	if (left->type == EXPR_DEREF)
		store_member(left);
	if (left->type == EXPR_SYMBOL || left->type == EXPR_DEREF) {
		if (e->op == '=')
			initialize(left, e->right);
		return;
	}
	if (left->type == EXPR_PREOP && left->op == '*')
		store_element(left, e->op == '=' ? e->right : NULL);
}

/* ------------------------------------------------------------- calls */

/* Functions that only read the strings and buffers they are given. */
static const char *const readers[] = {
	"strlen", "wcslen", "strnlen", "strcmp", "strncmp", "strcasecmp",
	"strncasecmp", "wcscmp", "wcsncmp", "strchr", "strrchr", "strstr",
	"wcschr", "wcsrchr", "wcsstr", "strspn", "strcspn", "strpbrk",
	"memcmp", "memchr", "printf", "fprintf", "wprintf", "fwprintf",
	"puts", "fputs", "fputws", "atoi", "atol", "atoll", "strtol",
	"strtoul", "strtoll", "strtoull", "strtod", "fwrite", "write",
	"strdup", "strndup", NULL
};

static int in(const char *const *list, const char *name)
{
	size_t i;

	for (i = 0; list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

/* memset(p, c, n) / wmemset(): a fill from the array's start. */
static void fill(struct expression *call, int unit)
{
	struct expression *p = sci_call_arg(call, 0);
	const sci_key *key;
	sci_val index, size, off;
	long long c, n;
	int exact;

	if (!place(p, unit, &key, &index)) {
		if ((key = sci__points_array(p, &off, &size, &exact)))
			sci__strlen_forget(key);
		return;
	}
	if (index != 0 || !sci_value_known(sci_call_arg(call, 1), &c) ||
	    !sci_value_known(sci_call_arg(call, 2), &n) || n <= 0) {
		sci__strlen_forget(key);
		return;
	}
	if (c == 0)
		set(key, 0, 0, unit);
	else
		set(key, 1, n, unit);
}

/*
 * strcpy/strcat/strncpy/strncat and the wide forms: the destination's
 * string after the call, when both lengths are known.
 */
static void copy(struct expression *call, int unit, int cat, int bounded)
{
	struct expression *dst = sci_call_arg(call, 0);
	const sci_key *key;
	sci_val index, src = length_of(sci_call_arg(call, 1), unit), was;
	long long n = -1;

	if (!place(dst, unit, &key, &index)) {
		store_unplaced(dst);
		return;
	}
	if (bounded && !sci_value_known(sci_call_arg(call, 2), &n))
		src = -1;
	if (src >= 0 && bounded) {
		if (!cat && src >= n) {
			src = -1;	/* strncpy() writes no NUL then */
		} else if (src > n) {
			src = n;
		}
	}
	was = cat ? length_of(dst, unit) : 0;
	if (src < 0 || was < 0) {
		sci__strlen_forget(key);
		return;
	}
	/* dst + index: its string starts there */
	if (index == 0)
		set(key, 0, was + src, unit);
	else if (cat)
		set(key, 0, index + was + src, unit);
	else
		sci__strlen_forget(key);
}

/*
 * The arrays @call gets a pointer into: a library function writes them
 * and keeps nothing (@keeps 0, their lengths go); a project's may keep
 * the pointer and write them at any later call (@keeps 1: their tracking
 * ends).
 */
static void args_written(struct expression *call, int keeps)
{
	struct expression *arg;
	const sci_key *key;
	sci_val off, size;
	int exact, n = -1;

	FOR_EACH_PTR(call->args, arg) {
		n++;
		/* a library function only reads through a pointer to const
		 * (open()'s path, stat()'s) */
		if (!keeps && sci_call_arg_is_const_pointer(call, n))
			continue;
		if (!sci__type_is_ptr(sci__expr_type(arg)) ||
		    !(key = sci__points_array(arg, &off, &size, &exact)))
			continue;
		if (keeps)
			escaped_now(key);
		else
			sci__strlen_forget(key);
	} END_FOR_EACH_PTR(arg);
}

/* A project's function: also any global array. */
static void forget_args(struct expression *call)
{
	args_written(call, 1);
	forget_all(1);
}

/* The library functions that make a string, and how. */
static const struct {
	const char *name;
	int unit, fill, cat, bounded;
} writers[] = {
	{ "memset", 1, 1, 0, 0 }, { "wmemset", 4, 1, 0, 0 },
	{ "strcpy", 1, 0, 0, 0 }, { "wcscpy", 4, 0, 0, 0 },
	{ "strcat", 1, 0, 1, 0 }, { "wcscat", 4, 0, 1, 0 },
	{ "strncpy", 1, 0, 0, 1 }, { "wcsncpy", 4, 0, 0, 1 },
	{ "strncat", 1, 0, 1, 1 }, { "wcsncat", 4, 0, 1, 1 },
	{ NULL, 0, 0, 0, 0 }
};

void sci__strlen_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	size_t i;
	int lib;

	for (i = 0; name && writers[i].name; i++)
		if (strcmp(writers[i].name, name) == 0)
			break;
	/*
	 * Until a length is known, only a fill or a copy can make one; but
	 * an array passed to another call is not tracked from then on.
	 */
	if (!any && (!name || !writers[i].name || writers[i].cat)) {
		if (!name || (!in(readers, name) && !sci_call_is_library(call)))
			args_written(call, 1);
		return;
	}
	lib = name && sci_call_is_library(call);
	if (!lib) {
		forget_args(call);
		return;
	}
	if (writers[i].name && writers[i].fill)
		fill(call, writers[i].unit);
	else if (writers[i].name)
		copy(call, writers[i].unit, writers[i].cat, writers[i].bounded);
	else if (!in(readers, name))
		args_written(call, 0);
}

/* ------------------------------------------------------------- values */

const sci_rl *sci__strlen_value(struct expression *call)
{
	const char *name;
	sci_val n;
	int unit;

	if (!any || !(name = sci__call_name(call)) || !sci_call_is_library(call))
		return NULL;
	if (strcmp(name, "strlen") == 0)
		unit = 1;
	else if (strcmp(name, "wcslen") == 0)
		unit = 4;
	else
		return NULL;
	if ((n = length_of(sci_call_arg(call, 0), unit)) < 0)
		return NULL;
	return sci_rl_range(n, n);
}

int sci_value_strlen(sci_expr *p, int unit, long long *len)
{
	sci_val n = unit > 0 ? length_of(p, unit) : -1;

	if (n < 0)
		return 0;
	*len = n;
	return 1;
}

/* ------------------------------------------------ tests of a character */

typedef struct {
	sci_val index;
	int unit;
	int nul;
} char_test;

/* Can a path whose length is @leaf's have a NUL at c->index (c->nul)? */
static int char_fits(const sci_sm *leaf, void *payload)
{
	const char_test *c = payload;
	const sl *s = as_sl(leaf->state);

	if (!s || s->unit != c->unit)
		return 1;
	if (c->nul)
		return s->len <= c->index;	/* non-NUL before len */
	return s->prefix || s->len != c->index;
}

const sci_stree *sci__strlen_narrow_char(const sci_stree *t,
					 struct expression *e, int nul)
{
	const sci_stree *save = sci__cur;
	const sci_key *key = NULL;
	const sci_sm *sm;
	struct expression *p;
	char_test c;
	int placed;

	e = sci__strip(e);
	if (!any || !t || !e || e->type != EXPR_PREOP || e->op != '*' ||
	    !(c.unit = unit_of(e->unop)) ||
	    sci__real_type(sci__expr_type(e))->bit_size != c.unit * 8)
		return t;
	p = e->unop;
	sci__cur = t;
	placed = place(p, c.unit, &key, &c.index);
	sci__cur = save;
	if (!placed || !(sm = sci__stree_get(t, SCI_OWNER_STRLEN, key)))
		return t;
	c.nul = nul;
	if (!sm->left)
		return char_fits(sm, &c) ? t : NULL;
	return sci__implied(t, sm, char_fits, &c);
}
