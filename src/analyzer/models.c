/*
 * models.c - the library models: what functions of the C library, POSIX
 * and pthreads do (allocate, free, dereference, return NULL, read input),
 * kept as data in library.models, not as tables in the code that asks.
 * The build embeds the file (cmake/EmbedText.cmake); it is parsed once, on
 * first use, into a hash table.  The "kernel" profile adds kernel.models
 * as a second table over it (the kernel uses memcpy, strlen, snprintf as
 * the C library does, so the generic table stays); the two list no name
 * twice (tests/unit/analyzer/test_models.c), so a name has one model.
 * profile.c lays the project profile over them, and the engine's other
 * modules ask sci__model() directly.
 */
#include "analyzer/engine_int.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/namecache.h"

/* library.models and kernel.models as text (generated/NAME_models.c) */
extern const char sci__library_models_text[];
extern const char sci__kernel_models_text[];

#define NBUCKETS 512

struct sci_models {
	sci_model *buckets[NBUCKETS];
	sci_model *first, *last;	/* in the file's order */
};

static unsigned hash_name(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % NBUCKETS;
}

const sci_model *sci__models_find(const sci_models *m, const char *name)
{
	const sci_model *f;

	if (!m || !name)
		return NULL;
	for (f = m->buckets[hash_name(name)]; f; f = f->hash_next)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

const sci_model *sci__models_first(const sci_models *m)
{
	return m ? m->first : NULL;
}

void sci__models_free(sci_models *m)
{
	sci_model *f, *next;

	if (!m)
		return;
	for (f = m->first; f; f = next) {
		next = f->next;
		free((char *)f->name);
		free(f);
	}
	free(m);
}

/* ------------------------------------------------------------ parsing */

typedef struct {
	char *msg;
	size_t msglen;
} parse_err;

static int fail(parse_err *e, const char *fmt, const char *what)
{
	snprintf(e->msg, e->msglen, fmt, what);
	return -1;
}

/* An argument number: 0..31, as the bit masks hold them. */
static int parse_arg(const char *s, const char **end)
{
	long v;
	char *e;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &e, 10);
	if (errno || v < 0 || v > 31)
		return -1;
	*end = e;
	return (int)v;
}

/* A whole value that is one argument number: "2". */
static int one_arg(const char *s)
{
	const char *end;
	int n = parse_arg(s, &end);

	return n >= 0 && *end == '\0' ? n : -1;
}

static int parse_range(sci_model *f, const char *s)
{
	long long lo, hi;
	char *e;

	errno = 0;
	lo = strtoll(s, &e, 10);
	if (errno || e == s || strncmp(e, "..", 2) != 0)
		return -1;
	s = e + 2;
	hi = strtoll(s, &e, 10);
	if (errno || e == s || *e || lo > hi)
		return -1;
	f->min = lo;
	f->max = hi;
	f->flags |= SCI_MODEL_RANGE;
	return 0;
}

/* "0,1,3": a bit per argument. */
static int parse_args(unsigned *out, const char *s)
{
	const char *end;
	int n;

	*out = 0;
	for (;;) {
		if ((n = parse_arg(s, &end)) < 0 || (*out & (1u << n)))
			return -1;
		*out |= 1u << n;
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
}

/* "2", "2+", "0*1": an argument, "+" or "*" and another. */
static int parse_arg_pair(const char *s, char sep, int *a, int *b)
{
	const char *end;

	*b = -1;
	if ((*a = parse_arg(s, &end)) < 0)
		return -1;
	if (*end == '\0')
		return 0;
	if (*end != sep)
		return -1;
	if (sep == '+')
		return end[1] == '\0' ? (*b = 1, 0) : -1;
	return (*b = one_arg(end + 1)) >= 0 ? 0 : -1;
}

/* The flags that take no value. */
static const struct {
	const char *word;
	unsigned flag;
} words[] = {
	{ "alloc", SCI_MODEL_ALLOC }, { "nullable", SCI_MODEL_NULLABLE },
	{ "nonnull", SCI_MODEL_NONNULL }, { "noreturn", SCI_MODEL_NORETURN },
	{ "nocapture", SCI_MODEL_NOCAPTURE }, { "input", SCI_MODEL_INPUT },
	{ "shared", SCI_MODEL_SHARED }, { "nonzero-ok", SCI_MODEL_NONZERO_OK },
	{ "must-check", SCI_MODEL_MUST_CHECK }, { "may-ignore", SCI_MODEL_MAY_IGNORE },
};

/* One fact, "word" or "word=value", into @f. */
static int parse_fact(sci_model *f, char *fact, unsigned *seen, parse_err *e)
{
	/* bits of @seen for the facts with a value, after the words' flags */
	enum { ALLOC_IF_NULL = 1 << 16, SIZE = 1 << 17, FREE = 1 << 18,
	       ASSERT = 1 << 19, DEREF = 1 << 20, LEN = 1 << 21,
	       RETURNS = 1 << 22, RANGE = 1 << 23, INPUT_FROM = 1 << 24,
	       FILLS = 1 << 25, FILLS_IF = 1 << 26, LOCK = 1 << 27,
	       UNLOCK = 1 << 28, TRYLOCK = 1 << 29, NULL_TEST = 1 << 30,
	       NULL_IF_INPUT = 1u << 31, FORMAT = 1 << 15 };
	char *value = strchr(fact, '=');
	unsigned bit = 0;
	size_t i;
	int ok = 0, rest;

	if (value)
		*value++ = '\0';
	for (i = 0; !value && i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(fact, words[i].word) == 0) {
			bit = words[i].flag;
			f->flags |= bit;
			ok = 1;
		}
	if (!value && !ok)
		return fail(e, "unknown fact '%s'", fact);
	if (value) {
		if (strcmp(fact, "alloc-if-null") == 0) {
			bit = ALLOC_IF_NULL;
			ok = (f->alloc_if_null = one_arg(value)) >= 0;
		} else if (strcmp(fact, "size") == 0) {
			bit = SIZE;
			ok = parse_arg_pair(value, '*', &f->size_n, &f->size_m) == 0;
		} else if (strcmp(fact, "free") == 0) {
			bit = FREE;
			ok = (f->free_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "assert") == 0) {
			bit = ASSERT;
			ok = (f->assert_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "deref") == 0) {
			bit = DEREF;
			ok = parse_args(&f->nonnull.args, value) == 0;
		} else if (strcmp(fact, "len") == 0) {
			bit = LEN;
			ok = (f->nonnull.size_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "returns") == 0) {
			bit = RETURNS;
			ok = (f->returns_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "range") == 0) {
			bit = RANGE;
			ok = parse_range(f, value) == 0;
		} else if (strcmp(fact, "input-from") == 0) {
			bit = INPUT_FROM;
			ok = (f->input_from = one_arg(value)) >= 0;
		} else if (strcmp(fact, "fills") == 0) {
			bit = FILLS;
			ok = parse_arg_pair(value, '+', &f->fills, &rest) == 0;
			if (rest > 0)
				f->flags |= SCI_MODEL_FILLS_REST;
		} else if (strcmp(fact, "fills-if-input") == 0) {
			bit = FILLS_IF;
			ok = (f->fills_if_input = one_arg(value)) >= 0;
		} else if (strcmp(fact, "lock") == 0) {
			bit = LOCK;
			ok = (f->lock_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "unlock") == 0) {
			bit = UNLOCK;
			ok = (f->unlock_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "trylock") == 0) {
			bit = TRYLOCK;
			ok = (f->trylock_arg = one_arg(value)) >= 0;
		} else if (strcmp(fact, "nullable-if-input") == 0) {
			bit = NULL_IF_INPUT;
			ok = (f->nullable_if_input = one_arg(value)) >= 0;
		} else if (strcmp(fact, "null-test") == 0) {
			bit = NULL_TEST;
			ok = (f->null_test = one_arg(value)) >= 0;
		} else if (strcmp(fact, "format") == 0) {
			bit = FORMAT;
			ok = (f->format_arg = one_arg(value)) >= 0;
		} else {
			return fail(e, "unknown fact '%s'", fact);
		}
		if (!ok)
			return fail(e, "bad value for '%s'", fact);
	}
	if (*seen & bit)
		return fail(e, "'%s' given twice", fact);
	*seen |= bit;
	return 0;
}

/* Facts that only mean something together, or contradict each other. */
static int check_model(const sci_model *f, parse_err *e)
{
	if ((f->flags & SCI_MODEL_NULLABLE) && (f->flags & SCI_MODEL_NONNULL))
		return fail(e, "%s", "'nullable' and 'nonnull' together");
	if (f->nullable_if_input >= 0 &&
	    (f->flags & (SCI_MODEL_NULLABLE | SCI_MODEL_NONNULL)))
		return fail(e, "%s", "'nullable-if-input' with 'nullable' or 'nonnull'");
	if ((f->flags & SCI_MODEL_ALLOC) && f->alloc_if_null >= 0)
		return fail(e, "%s", "'alloc' and 'alloc-if-null' together");
	if ((f->flags & SCI_MODEL_MUST_CHECK) && (f->flags & SCI_MODEL_MAY_IGNORE))
		return fail(e, "%s", "'must-check' and 'may-ignore' together");
	if (f->nonnull.size_arg >= 0 && !f->nonnull.args)
		return fail(e, "%s", "'len' without 'deref'");
	if (f->fills_if_input >= 0 && f->fills < 0)
		return fail(e, "%s", "'fills-if-input' without 'fills'");
	if ((f->lock_arg >= 0) + (f->unlock_arg >= 0) + (f->trylock_arg >= 0) > 1)
		return fail(e, "%s", "more than one of 'lock', 'unlock', 'trylock'");
	if ((f->flags & SCI_MODEL_SHARED) && f->lock_arg < 0 &&
	    f->trylock_arg < 0)
		return fail(e, "%s", "'shared' without 'lock' or 'trylock'");
	if ((f->flags & SCI_MODEL_NONZERO_OK) && f->trylock_arg < 0)
		return fail(e, "%s", "'nonzero-ok' without 'trylock'");
	return 0;
}

static sci_model *new_model(const char *name)
{
	sci_model *f = sci_calloc(1, sizeof(*f));

	f->name = sci_strdup(name);
	f->alloc_if_null = f->free_arg = f->assert_arg = -1;
	f->size_n = f->size_m = f->returns_arg = -1;
	f->input_from = f->fills = f->fills_if_input = -1;
	f->lock_arg = f->unlock_arg = f->trylock_arg = f->null_test = -1;
	f->nullable_if_input = -1;
	f->format_arg = -1;
	f->nonnull.name = f->name;
	f->nonnull.size_arg = -1;
	return f;
}

static int is_name(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return *s == '\0';
}

/* One line without its comment, into @m. */
static int parse_line(sci_models *m, char *line, parse_err *e)
{
	static const char blanks[] = " \t\r";
	char *save = NULL, *name = strtok_r(line, blanks, &save), *fact;
	unsigned seen = 0;
	sci_model *f;

	if (!name)
		return 0;
	if (!is_name(name))
		return fail(e, "'%s' is not a function name", name);
	if (sci__models_find(m, name))
		return fail(e, "'%s' is listed twice", name);
	f = new_model(name);
	while ((fact = strtok_r(NULL, blanks, &save)) != NULL)
		if (parse_fact(f, fact, &seen, e) < 0)
			goto bad;
	if (!seen) {
		fail(e, "'%s' has no facts", name);
		goto bad;
	}
	if (check_model(f, e) < 0)
		goto bad;
	f->hash_next = m->buckets[hash_name(f->name)];
	m->buckets[hash_name(f->name)] = f;
	if (m->last)
		m->last->next = f;
	else
		m->first = f;
	m->last = f;
	return 0;
bad:
	free((char *)f->name);
	free(f);
	return -1;
}

sci_models *sci__models_parse(const char *text, unsigned *err_line,
			      char *err, size_t errlen)
{
	sci_models *m = sci_calloc(1, sizeof(*m));
	parse_err e = { err, errlen };
	unsigned lineno = 0;
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, "\n");
		char *line = sci_malloc(n + 1), *hash;
		int rc;

		memcpy(line, p, n);
		line[n] = '\0';
		lineno++;
		if ((hash = strchr(line, '#')) != NULL)
			*hash = '\0';
		rc = parse_line(m, line, &e);
		free(line);
		if (rc < 0) {
			*err_line = lineno;
			sci__models_free(m);
			return NULL;
		}
		p += n + (p[n] == '\n');
	}
	*err_line = 0;
	return m;
}

/* ----------------------------------------------------- the built-in table */

static sci_models *builtin, *kernel;

/* The "kernel" profile of this process: kernel.models over the generic. */
static int kernel_selected;

/* sci__model()'s answers: asked for every call by most hooks */
static sci_namecache found;

/* process lifetime: parsed once, never freed */
static sci_models *parse_embedded(const char *text, const char *file)
{
	char err[256];
	unsigned line;
	sci_models *m = sci__models_parse(text, &line, err, sizeof(err));

	if (!m) {
		/* the build embeds a file the unit tests parse: a bug */
		fprintf(stderr, "smatch-ci: src/analyzer/%s:%u: %s\n", file,
			line, err);
		abort();
	}
	return m;
}

const sci_models *sci__models_builtin(void)
{
	if (!builtin)
		builtin = parse_embedded(sci__library_models_text,
					 "library.models");
	return builtin;
}

const sci_models *sci__models_kernel(void)
{
	if (!kernel)
		kernel = parse_embedded(sci__kernel_models_text,
					"kernel.models");
	return kernel;
}

void sci__models_select(const char *profile)
{
	kernel_selected = profile && strcmp(profile, "kernel") == 0;
	sci_namecache_clear(&found);
}

const sci_models *sci__models_layer(void)
{
	return kernel_selected ? sci__models_kernel() : NULL;
}

const sci_model *sci__model(const char *name)
{
	const void *kept;
	const sci_model *f;

	if (!name)
		return NULL;
	if (sci_namecache_get(&found, name, &kept))
		return kept;
	f = sci__models_find(sci__models_layer(), name);
	if (!f)
		f = sci__models_find(sci__models_builtin(), name);
	sci_namecache_put(&found, name, f);
	return f;
}

int sci__model_has(const char *name, unsigned flag)
{
	const sci_model *f = sci__model(name);

	return f && (f->flags & flag);
}
