/*
 * suppress.c - in-source suppressions (see suppress.h).
 *
 * A small scanner rather than a regular expression over lines: a marker
 * inside a string literal, or a comment opener inside one, must not count,
 * and a block comment may span lines.  It does not preprocess: a
 * suppression inside #if 0 still parses (and, matching nothing, is
 * reported unused if its rule ran there), which is what a reader of the
 * file would expect.
 */
#include "baseline/suppress.h"
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

struct sci_suppress_file {
	sci_suppression *items;
	size_t n;
};

typedef struct {
	char *path;
	sci_suppress_file *file;
} set_entry;

struct sci_suppress_set {
	sci_suppress_read_fn read;
	void *payload;
	set_entry *items;	/* sorted by path */
	size_t n;
	size_t last;	/* findings come sorted by path: most lookups hit it */
};

/* ------------------------------------------------------------ parsing */

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	       c == '\v';
}

static int is_rule_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_' || (c >= 'A' && c <= 'Z');
}

/*
 * @s[0..n) with blanks collapsed to one space and trimmed; in a @block
 * comment, the '*' that starts a continuation line goes too.  Owned.
 */
static char *squeeze_dup(const char *s, size_t n, int block)
{
	char *out = sci_malloc(n + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i++) {
		if (block && s[i] == '\n') {
			while (i + 1 < n && (is_blank(s[i + 1]) || s[i + 1] == '*'))
				i++;
			if (o > out && o[-1] != ' ')
				*o++ = ' ';
			continue;
		}
		if (is_blank(s[i])) {
			if (o > out && o[-1] != ' ')
				*o++ = ' ';
			continue;
		}
		*o++ = s[i];
	}
	while (o > out && o[-1] == ' ')
		o--;
	*o = '\0';
	return out;
}

static void add_rule(sci_suppression *s, const char *id, size_t n)
{
	s->rules = sci_realloc(s->rules, (s->nrules + 1) * sizeof(*s->rules));
	s->used = sci_realloc(s->used, s->nrules + 1);
	s->rules[s->nrules] = sci_printf_dup("%.*s", (int)n, id);
	s->used[s->nrules] = 0;
	s->nrules++;
}

/*
 * Parses "ignore[a, b] reason" (@body, @n bytes after the marker) into @s.
 * Sets s->problem for anything else; the comment then suppresses nothing,
 * and says why in its invalid-suppression finding.
 */
static void parse_body(sci_suppression *s, const char *body, size_t n,
		       int block)
{
	const char *p = body, *end = body + n, *close, *id;
	char *reason;

	while (p < end && is_blank(*p))
		p++;
	if ((size_t)(end - p) < 7 || strncmp(p, "ignore[", 7) != 0) {
		s->problem = sci_strdup("expected 'ignore[rule-id] reason' after 'smatch-ci:'");
		return;
	}
	p += 7;
	close = memchr(p, ']', (size_t)(end - p));
	if (!close) {
		s->problem = sci_strdup("no ']' closes the rule list of 'ignore['");
		return;
	}
	while (p < close) {
		while (p < close && is_blank(*p))
			p++;
		id = p;
		while (p < close && *p != ',')
			p++;
		n = (size_t)(p - id);
		while (n && is_blank(id[n - 1]))
			n--;
		if (n) {
			size_t k;

			for (k = 0; k < n && is_rule_char(id[k]); k++)
				;
			if (k < n) {
				s->problem = sci_printf_dup("'%.*s' is not a rule id",
							    (int)n, id);
				return;
			}
			add_rule(s, id, n);
		} else if (p < close || s->nrules) {
			s->problem = sci_strdup("an empty rule id in 'ignore[...]'");
			return;
		}
		if (p < close)
			p++;	/* the comma */
	}
	if (!s->nrules) {
		s->problem = sci_strdup("'ignore[]' names no rule");
		return;
	}
	p = close + 1;
	/* "ignore[x]: why" and "ignore[x] - why" read naturally too */
	while (p < end && (is_blank(*p) || *p == ':' || *p == '-'))
		p++;
	reason = squeeze_dup(p, (size_t)(end - p), block);
	s->reason = reason;
	if (!reason[0])
		s->problem = sci_strdup("no reason: say why the finding is acceptable after 'ignore[...]'");
}

/* The comment @text[0..n) from @line:@col to @last: ours or not. */
static void comment(sci_suppress_file *f, const char *text, size_t n,
		    unsigned line, unsigned col, unsigned last, int block)
{
	size_t mlen = strlen(SCI_SUPPRESS_MARKER), i = 0;
	sci_suppression *s;

	while (i < n && (is_blank(text[i]) || (block && text[i] == '*') ||
			 (!block && text[i] == '/')))
		i++;
	if (n - i < mlen || strncmp(text + i, SCI_SUPPRESS_MARKER, mlen) != 0)
		return;
	i += mlen;
	if (block)	/* the decoration of a closing " *" line */
		while (n > i && (is_blank(text[n - 1]) || text[n - 1] == '*'))
			n--;
	f->items = sci_realloc(f->items, (f->n + 1) * sizeof(*f->items));
	s = &f->items[f->n++];
	memset(s, 0, sizeof(*s));
	s->line = line;
	s->col = col;
	s->last_line = last;
	parse_body(s, text + i, n - i, block);
	if (!s->reason)
		s->reason = sci_strdup("");
}

sci_suppress_file *sci_suppress_parse(const char *text, size_t len)
{
	sci_suppress_file *f = sci_calloc(1, sizeof(*f));
	unsigned line = 1, col = 1, start_line, start_col;
	size_t i = 0, start;

#define ADVANCE() do { if (text[i] == '\n') { line++; col = 1; } else col++; i++; } while (0)
	while (i < len) {
		char c = text[i];

		if (c == '"' || c == '\'') {
			ADVANCE();
			while (i < len && text[i] != c && text[i] != '\n') {
				if (text[i] == '\\' && i + 1 < len)
					ADVANCE();
				ADVANCE();
			}
			if (i < len)
				ADVANCE();
			continue;
		}
		if (c == '/' && i + 1 < len &&
		    (text[i + 1] == '*' || text[i + 1] == '/')) {
			int block = text[i + 1] == '*';

			start_line = line;
			start_col = col;
			ADVANCE();
			ADVANCE();
			start = i;
			while (i < len && (block ? !(text[i] == '*' && i + 1 < len &&
						     text[i + 1] == '/')
						 : text[i] != '\n'))
				ADVANCE();
			comment(f, text + start, i - start, start_line, start_col,
				line, block);
			if (block && i < len) {
				ADVANCE();
				ADVANCE();
			}
			continue;
		}
		ADVANCE();
	}
#undef ADVANCE
	return f;
}

void sci_suppress_file_free(sci_suppress_file *f)
{
	size_t i, k;

	if (!f)
		return;
	for (i = 0; i < f->n; i++) {
		for (k = 0; k < f->items[i].nrules; k++)
			free(f->items[i].rules[k]);
		free(f->items[i].rules);
		free(f->items[i].used);
		free(f->items[i].reason);
		free(f->items[i].problem);
	}
	free(f->items);
	free(f);
}

size_t sci_suppress_count(const sci_suppress_file *f)
{
	return f ? f->n : 0;
}

const sci_suppression *sci_suppress_at(const sci_suppress_file *f, size_t i)
{
	return f && i < f->n ? &f->items[i] : NULL;
}

const sci_suppression *sci_suppress_match(sci_suppress_file *f,
					  const char *rule, unsigned line)
{
	size_t i, k;

	for (i = 0; f && i < f->n; i++) {
		sci_suppression *s = &f->items[i];

		if (s->problem || line < s->line || line > s->last_line + 1)
			continue;
		for (k = 0; k < s->nrules; k++)
			if (strcmp(s->rules[k], rule) == 0) {
				s->used[k] = 1;
				return s;
			}
	}
	return NULL;
}

/* ---------------------------------------------------------------- sets */

int sci_suppress_read_file(char **out, size_t *len, const char *path)
{
	return sci_baseline__read_file(out, len, path);
}

sci_suppress_set *sci_suppress_set_new(sci_suppress_read_fn read,
				       void *payload)
{
	sci_suppress_set *s = sci_calloc(1, sizeof(*s));

	s->read = read;
	s->payload = payload;
	return s;
}

void sci_suppress_set_free(sci_suppress_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->items[i].path);
		sci_suppress_file_free(s->items[i].file);
	}
	free(s->items);
	free(s);
}

/* Where @path is in s->items (sorted by path), or where it would go. */
static size_t set_find(const sci_suppress_set *s, const char *path, int *hit)
{
	size_t lo = 0, hi = s->n;

	*hit = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(s->items[mid].path, path);

		if (c == 0) {
			*hit = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int sci_suppress_set_file(sci_suppress_file **out, sci_suppress_set *s,
			  const char *path)
{
	char *text = NULL;
	size_t at, len = 0;
	int error, hit;

	*out = NULL;
	if (s->last < s->n && strcmp(s->items[s->last].path, path) == 0) {
		*out = s->items[s->last].file;
		return 0;
	}
	at = set_find(s, path, &hit);
	if (!hit) {
		error = s->read(&text, &len, path, s->payload);
		if (error < 0 && error != SCI_ENOTFOUND)
			return error;
		s->items = sci_realloc(s->items, (s->n + 1) * sizeof(*s->items));
		memmove(&s->items[at + 1], &s->items[at],
			(s->n - at) * sizeof(*s->items));
		s->items[at].path = sci_strdup(path);
		s->items[at].file = text ? sci_suppress_parse(text, len)
					 : sci_calloc(1, sizeof(sci_suppress_file));
		free(text);
		s->n++;
	}
	s->last = at;
	*out = s->items[at].file;
	return 0;
}

static int is_suppression_rule(const char *rule)
{
	return strcmp(rule, SCI_RULE_INVALID_SUPPRESSION) == 0 ||
	       strcmp(rule, SCI_RULE_UNUSED_SUPPRESSION) == 0;
}

int sci_suppress_apply(sci_suppress_set *s, sci_result_list *list)
{
	sci_suppress_file *f;
	size_t i;
	int error;

	for (i = 0; i < list->n; i++) {
		sci_result *r = &list->items[i];
		const sci_suppression *m;

		/* a suppression cannot hide the report of a bad one */
		if (!sci_diag_is_finding(r->diag) ||
		    is_suppression_rule(r->diag->rule))
			continue;
		if ((error = sci_suppress_set_file(&f, s, r->diag->path)) < 0)
			return error;
		if (!(m = sci_suppress_match(f, r->diag->rule, r->diag->line)))
			continue;
		r->in_source = 1;
		free(r->justification);
		r->justification = sci_strdup(m->reason);
	}
	return 0;
}

static void problem(sci_diag_list *out, const char *rule, const char *path,
		    const sci_suppression *s, const char *key, const char *msg)
{
	sci_diag_list_take(out, sci_diag_new(rule, SCI_LEVEL_WARNING, path,
					     s->line, s->col, "", key, msg));
}

int sci_suppress_problems(sci_diag_list *out, sci_suppress_set *s,
			  const char *path, sci_suppress_rule_fn rule_of,
			  void *payload)
{
	sci_suppress_file *f;
	size_t i, k;
	int error;

	if ((error = sci_suppress_set_file(&f, s, path)) < 0)
		return error;
	for (i = 0; i < f->n; i++) {
		const sci_suppression *sp = &f->items[i];
		char *msg;

		if (sp->problem) {
			msg = sci_printf_dup("malformed suppression: %s", sp->problem);
			problem(out, SCI_RULE_INVALID_SUPPRESSION, path, sp,
				"malformed", msg);
			free(msg);
			continue;
		}
		for (k = 0; k < sp->nrules; k++) {
			const char *rule = sp->rules[k];
			int what = rule_of(rule, payload);

			if (what == SCI_SUPPRESS_RULE_UNKNOWN ||
			    is_suppression_rule(rule)) {
				msg = sci_printf_dup("suppression of '%s', which is not a rule of smatch-ci: it suppresses nothing",
						     rule);
				problem(out, SCI_RULE_INVALID_SUPPRESSION, path,
					sp, rule, msg);
				free(msg);
			} else if (what == SCI_SUPPRESS_RULE_RAN && !sp->used[k]) {
				msg = sci_printf_dup("suppression of '%s' matches no finding on this line or the next: remove it",
						     rule);
				problem(out, SCI_RULE_UNUSED_SUPPRESSION, path,
					sp, rule, msg);
				free(msg);
			}
		}
	}
	return 0;
}
