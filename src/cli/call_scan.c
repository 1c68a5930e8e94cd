/*
 * call_scan.c - a guess at what a TU's file defines and calls, from its
 * text (call_scan.h).
 */
#include "cli/call_scan.h"
#include "cli/paths.h"

#include "baseline/suppress.h"
#include "util/alloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Words that `(` follows without naming a function. */
static const char *const not_calls[] = {
	"_Alignas", "_Alignof", "_Generic", "_Static_assert", "__alignof__",
	"__asm__", "__attribute__", "__builtin_offsetof", "__builtin_va_arg",
	"__declspec", "__typeof__", "alignof", "asm", "case", "char", "const",
	"defined", "do", "double", "else", "float", "for", "if", "int", "long",
	"return", "short", "signed", "sizeof", "static_assert", "switch",
	"typeof", "unsigned", "void", "volatile", "while",
};

static int cmp_word(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int is_keyword(const char *w)
{
	return bsearch(&w, not_calls, sizeof(not_calls) / sizeof(*not_calls),
		       sizeof(*not_calls), cmp_word) != NULL;
}

static int is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static int is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Past the comment, literal or directive at @p, or @p when none starts. */
static const char *skip_noise(const char *p, const char *end, int line_start)
{
	if (p + 1 < end && p[0] == '/' && p[1] == '*') {
		const char *q = p + 2;

		while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
			q++;
		return q + 1 < end ? q + 2 : end;
	}
	if (p + 1 < end && p[0] == '/' && p[1] == '/') {
		while (p < end && *p != '\n')
			p++;
		return p;
	}
	if (*p == '"' || *p == '\'') {
		char quote = *p++;

		while (p < end && *p != quote && *p != '\n')
			p += *p == '\\' && p + 1 < end ? 2 : 1;
		return p < end ? p + 1 : end;
	}
	if (*p == '#' && line_start) {
		/* a directive, with its continuation lines */
		while (p < end && *p != '\n')
			p += *p == '\\' && p + 1 < end ? 2 : 1;
		return p;
	}
	return p;
}

typedef struct {
	sci_strv defs, statics, calls;
} scan;

static void sort_unique(sci_strv *sv)
{
	size_t i, w = 0;

	if (sv->n > 1)
		qsort(sv->v, sv->n, sizeof(*sv->v), cmp_word);
	for (i = 0; i < sv->n; i++) {
		if (w && strcmp(sv->v[w - 1], sv->v[i]) == 0)
			free(sv->v[i]);
		else
			sv->v[w++] = sv->v[i];
	}
	sv->n = w;
	if (sv->v)
		sv->v[w] = NULL;
}

static int has(const sci_strv *sorted, const char *name)
{
	return sorted->n && bsearch(&name, sorted->v, sorted->n,
				    sizeof(*sorted->v), cmp_word);
}

void sci_call_scan_text(sci_strv *defs, sci_strv *calls, const char *text,
			size_t len)
{
	const char *p = text, *end = text + len;
	scan s = { { 0 }, { 0 }, { 0 } };
	char word[128] = "", cand[128] = "", closed[128] = "";
	int braces = 0, parens = 0, is_static = 0, line_start = 1;
	size_t i;

	while (p < end) {
		const char *q = skip_noise(p, end, line_start);

		if (q != p) {
			p = q;
			continue;
		}
		if (*p == '\n') {
			line_start = 1;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		line_start = 0;
		if (is_ident_start((unsigned char)*p) || isdigit((unsigned char)*p)) {
			const char *w = p;
			int number = isdigit((unsigned char)*p);

			while (p < end && (is_ident((unsigned char)*p) ||
					   (number && *p == '.')))
				p++;
			if (number || (size_t)(p - w) >= sizeof(word)) {
				word[0] = '\0';
			} else {
				memcpy(word, w, (size_t)(p - w));
				word[p - w] = '\0';
				if (!braces && strcmp(word, "static") == 0)
					is_static = 1;
			}
			closed[0] = '\0';
			continue;
		}
		switch (*p++) {
		case '(':
			if (braces && word[0] && !is_keyword(word))
				sci_strv_push(&s.calls, word);
			else if (!braces && !parens)
				strcpy(cand, word[0] && !is_keyword(word) ?
					     word : "");
			parens++;
			break;
		case ')':
			if (parens > 0 && --parens == 0 && !braces) {
				strcpy(closed, cand);
				word[0] = '\0';
				continue;	/* keeps `closed` for a `{` next */
			}
			break;
		case '{':
			if (!braces && closed[0])
				sci_strv_push(is_static ? &s.statics : &s.defs,
					      closed);
			braces++;
			break;
		case '}':
			if (braces > 0 && --braces == 0)
				is_static = 0;
			break;
		case ';':
			if (!braces) {
				is_static = 0;
				parens = 0;
			}
			break;
		default:
			break;
		}
		word[0] = '\0';
		closed[0] = '\0';
	}
	sort_unique(&s.defs);
	sort_unique(&s.statics);
	sort_unique(&s.calls);
	for (i = 0; i < s.calls.n; i++)
		if (!has(&s.defs, s.calls.v[i]) &&
		    !has(&s.statics, s.calls.v[i]))
			sci_strv_push(calls, s.calls.v[i]);
	sci_strv_extend(defs, &s.defs);
	sci_strv_clear(&s.defs);
	sci_strv_clear(&s.statics);
	sci_strv_clear(&s.calls);
}

int sci_call_scan_file(sci_strv *defs, sci_strv *calls, const char *path,
		       const char *dir)
{
	char *full = dir && path[0] != '/' ? sci_path_join_dup(dir, path) :
		     sci_strdup(path);
	char *text = NULL;
	size_t len = 0;
	int error = sci_suppress_read_file(&text, &len, full);

	free(full);
	if (error < 0)
		return -1;
	sci_call_scan_text(defs, calls, text, len);
	free(text);
	return 0;
}
