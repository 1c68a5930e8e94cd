/*
 * untrusted.c - where a value came from: outside the program (issue
 * "Values", part 3).  A key is "untrusted" when it holds, or points to,
 * data read from input: a value of rand() or getchar(), a variable
 * scanf()/fscanf() wrote, a buffer fgets()/read()/recv() filled, what
 * getenv() returns, main's argv, the project profile's
 * "untrusted_sources", and what atoi()/strtol() make of any of those.  Copies and arithmetic carry it; any other assignment ends it.
 *
 * Untrusted is not a value: checks do not end it, they narrow the value
 * (`if (n < 10)` leaves n untrusted in ..9).  What it changes is how a
 * checker reads the range: for an untrusted value every bound of its type
 * is reachable by whoever writes the input, so array-overflow and
 * divide-by-zero use the soft bounds too.
 *
 * Owner SCI_OWNER_UNTRUSTED: one state; a join keeps it when any side has
 * it (the data may come from input).
 */
#include "analyzer/engine_int.h"

#include <string.h>

static const sci_state untrusted = { "untrusted", NULL };

static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	if (a == &untrusted || b == &untrusted)
		return &untrusted;
	return &sci_merged;
}

void sci__untrusted_register(void)
{
	sci__owners[SCI_OWNER_UNTRUSTED].rule = "untrusted";
	sci__owners[SCI_OWNER_UNTRUSTED].merge = merge;
	sci__owners[SCI_OWNER_UNTRUSTED].enabled = 1;
}

/* Functions whose result is input. */
static const char *const value_sources[] = {
	"rand", "random", "lrand48", "mrand48", "getchar", "fgetc", "getc",
	"getc_unlocked", "getchar_unlocked", "getenv", "secure_getenv", NULL
};

/* Conversions: their result is as untrusted as their first argument. */
static const char *const conversions[] = {
	"atoi", "atol", "atoll", "strtol", "strtoul", "strtoll", "strtoull",
	"strtoimax", "strtoumax", "ntohl", "ntohs", "be16toh", "be32toh",
	"be64toh", "le16toh", "le32toh", "le64toh", NULL
};

/* Functions that fill argument @arg (and, for @rest, every later one). */
static const struct {
	const char *name;
	int arg;
	int rest;
	int needs_untrusted_arg0;	/* sscanf: only from an untrusted string */
} fillers[] = {
	{ "fgets", 0, 0, 0 }, { "fgets_unlocked", 0, 0, 0 },
	{ "read", 1, 0, 0 }, { "pread", 1, 0, 0 }, { "recv", 1, 0, 0 },
	{ "recvfrom", 1, 0, 0 }, { "fread", 0, 0, 0 }, { "getline", 0, 0, 0 },
	{ "getdelim", 0, 0, 0 }, { "scanf", 1, 1, 0 }, { "fscanf", 2, 1, 0 },
	{ "sscanf", 2, 1, 1 }, { "__isoc99_scanf", 1, 1, 0 },
	{ "__isoc99_fscanf", 2, 1, 0 }, { "__isoc99_sscanf", 2, 1, 1 },
	{ "__fgets_chk", 0, 0, 0 }, { "__read_chk", 1, 0, 0 },
	{ "__fread_chk", 0, 0, 0 }, { "__recv_chk", 1, 0, 0 },
	{ NULL, 0, 0, 0 }
};

static int in_list(const char *const *list, const char *name)
{
	int i;

	for (i = 0; name && list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

/* The key an argument names or points to: `x`, `&x`, `(char *)&x`, `buf`. */
static const sci_key *target_key(struct expression *arg)
{
	struct expression *inner;

	if (sci_expr_is_addr_of(arg, &inner))
		return sci_key_expr(inner);
	return sci_key_expr(sci__strip(arg));
}

static int key_untrusted(const sci_key *key)
{
	const sci_sm *sm;
	int guard;

	/* buf[i], p->m: part of an untrusted object is untrusted */
	for (guard = 0; key && guard < 16; guard++) {
		sm = sci__stree_get(sci__cur, SCI_OWNER_UNTRUSTED, key);
		if (sm && sm->state == &untrusted)
			return 1;
		if (key->is_var || !key->base)
			return 0;
		key = sci_key_sym(key->base);
	}
	return 0;
}

int sci__untrusted_expr(struct expression *e)
{
	const sci_key *key;
	const char *name;

	e = sci__strip(e);
	if (!e || !sci__cur)
		return 0;
	key = sci_key_expr(e);
	if (key)
		return key_untrusted(key);
	switch (e->type) {
	case EXPR_CALL:
		name = sci__call_name(e);
		if (in_list(value_sources, name) ||
		    sci__profile_untrusted_source(name))
			return 1;
		if (in_list(conversions, name))
			return sci__untrusted_expr(first_ptr_list((struct ptr_list *)e->args));
		return 0;
	case EXPR_BINOP:
		/*
		 * x % n, x & m, x / n, x >> s are bounded by their other
		 * operand: the value model knows how far, input does not
		 * widen it (rand() % count into a table of count entries)
		 */
		if (e->op == '%' || e->op == '&' || e->op == '/' ||
		    e->op == SPECIAL_RIGHTSHIFT)
			return 0;
		return sci__untrusted_expr(e->left) || sci__untrusted_expr(e->right);
	case EXPR_PREOP:
		if (e->op == '-' || e->op == '~' || e->op == '+' || e->op == '(')
			return sci__untrusted_expr(e->unop);
		return 0;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci__untrusted_expr(e->cond_true ? e->cond_true : e->conditional) ||
		       sci__untrusted_expr(e->cond_false);
	case EXPR_ASSIGNMENT:
		return sci__untrusted_expr(e->left);
	case EXPR_COMMA:
		return sci__untrusted_expr(e->right);
	default:
		return 0;
	}
}

static void set(const sci_key *key, int on)
{
	if (!key)
		return;
	if (on)
		sci__set_state(SCI_OWNER_UNTRUSTED, key, &untrusted,
			       (struct position){ 0 });
	else if (sci__stree_get(sci__cur, SCI_OWNER_UNTRUSTED, key))
		sci__set_state(SCI_OWNER_UNTRUSTED, key, &sci_undefined,
			       (struct position){ 0 });
}

void sci__untrusted_assign(const sci_key *key, struct expression *right,
			   int compound)
{
	if (!sci__cur)
		return;
	if (compound)
		set(key, key_untrusted(key) || sci__untrusted_expr(right));
	else
		set(key, sci__untrusted_expr(right));
}

void sci__untrusted_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	struct expression *arg;
	int i, n = 0;

	if (!name || !sci__cur)
		return;
	for (i = 0; fillers[i].name; i++)
		if (strcmp(fillers[i].name, name) == 0)
			break;
	if (!fillers[i].name)
		return;
	if (fillers[i].needs_untrusted_arg0 &&
	    !sci__untrusted_expr(first_ptr_list((struct ptr_list *)call->args)))
		return;
	FOR_EACH_PTR(call->args, arg) {
		if (n == fillers[i].arg || (fillers[i].rest && n > fillers[i].arg))
			set(target_key(arg), 1);
		n++;
	} END_FOR_EACH_PTR(arg);
}

void sci__untrusted_params(struct symbol *fn)
{
	struct symbol *base = fn ? fn->ctype.base_type : NULL;
	struct symbol *arg;
	int n = 0;

	if (!base || strcmp(sci_sym_name(fn), "main") != 0)
		return;
	FOR_EACH_PTR(base->arguments, arg) {
		if (n++ == 1)	/* argv */
			set(sci_key_sym(arg), 1);
	} END_FOR_EACH_PTR(arg);
}

int sci_value_untrusted(sci_expr *e)
{
	return sci__untrusted_expr(e);
}
