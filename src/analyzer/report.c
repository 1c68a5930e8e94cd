/*
 * report.c - the engine's sink for findings.  Checkers never print: they
 * hand a structured finding to sci_report(); findings of one function are
 * collected, deduplicated (loop passes and re-walked paths see the same
 * code more than once) and emitted when the function is done.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"
#include "util/fs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sci_finding {
	sci_diag *diag;
};

static sci_diag_emit_fn sink;
static void *sink_payload;
static sci_diag_list pending;
static struct sci_finding handle;

void sci__report_begin_tu(sci_diag_emit_fn emit, void *payload)
{
	sink = emit;
	sink_payload = payload;
}

static int same(const sci_diag *a, const sci_diag *b)
{
	return sci_diag_cmp(a, b) == 0;
}

/*
 * The lines of the function being walked, when @d lies in its file: the
 * gate needs them to tell whether a change that deleted lines (a free(), a
 * check) caused a finding reported somewhere else in the function.
 */
static void set_function_lines(sci_diag *d)
{
	struct symbol *fn = sci__cur_fn;

	if (!fn || fn->endpos.line < fn->pos.line ||
	    fn->endpos.stream != fn->pos.stream ||
	    strcmp(sci__pos_path(fn->pos), d->path) != 0)
		return;
	d->fn_first = fn->pos.line;
	d->fn_last = fn->endpos.line;
}

/* Takes @d; returns the kept copy (an earlier identical one, or @d). */
static sci_diag *keep(sci_diag *d)
{
	size_t i;

	set_function_lines(d);
	for (i = 0; i < pending.n; i++) {
		if (same(pending.items[i], d)) {
			sci_diag_free(d);
			return pending.items[i];
		}
	}
	sci_diag_list_take(&pending, d);
	return d;
}

sci_finding *sci_report(sci_checker_id me, sci_pos pos, const char *key,
			const char *fmt, ...)
{
	va_list ap;
	char msg[1024];
	const struct sci_checker *c;
	sci_diag *d;

	if (sci__quiet || !sci__cur || me < SCI_OWNER_FIRST_CHECKER ||
	    me >= sci__nowners)
		return NULL;
	c = sci__owners[me].desc;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	d = sci_diag_new(c->rule, (sci_level)c->severity, pos.path, pos.line,
			 pos.col, sci_func_name(), key, msg);
	sci__branch_copy(d);
	handle.diag = keep(d);
	return &handle;
}

void sci_finding_related(sci_finding *f, sci_pos pos, const char *message)
{
	size_t i;
	sci_diag *d;

	if (!f || !f->diag)
		return;
	d = f->diag;
	for (i = 0; i < d->nrelated; i++)
		if (d->related[i].line == pos.line &&
		    strcmp(d->related[i].message, message) == 0)
			return;
	sci_diag_add_related(d, pos.path, pos.line, pos.col,
			     message);
}

void sci__report_raw(const char *rule, sci_level level, struct position pos,
		     const char *key, const char *msg)
{
	if (sci__quiet)
		return;
	keep(sci_diag_new(rule, level, sci__pos_path(pos),
			  pos.line, pos.pos, sci__cur_fn_name, key, msg));
}

void sci__report_emit(sci_diag_list *list)
{
	size_t i;

	sci_diag_list_sort(list);
	for (i = 0; i < list->n; i++) {
		if (sink)
			sink(list->items[i], sink_payload);
		else
			sci_diag_free(list->items[i]);
	}
	free(list->items);
	memset(list, 0, sizeof(*list));
}

void sci__report_flush_function(void)
{
	sci__report_emit(&pending);
}

void sci__report_take(sci_diag_list *out)
{
	size_t i;

	for (i = 0; i < pending.n; i++)
		sci_diag_list_take(out, pending.items[i]);
	free(pending.items);
	memset(&pending, 0, sizeof(pending));
}

/*
 * The byte index in @text of the character sparse placed at column @col:
 * sparse counts columns from 1 and expands tabs.  -1 when no character
 * starts there, or a non-ASCII byte comes first (SARIF counts UTF-16
 * units, not bytes).
 */
static long char_index(const char *text, unsigned col)
{
	unsigned vis = 0;
	long i;

	for (i = 0; text[i]; i++) {
		if ((unsigned char)text[i] >= 0x80)
			return -1;
		vis = text[i] == '\t' ? vis + tabstop - vis % tabstop : vis + 1;
		if (vis == col)
			return i;
		if (vis > col)
			return -1;
	}
	return -1;
}

int sci_finding_fix(sci_finding *f, sci_pos pos, const char *old,
		    const char *new_text)
{
	char *text;
	long at;
	size_t n = strlen(old);
	int ok;

	if (!f || !f->diag || !n || sci_pos_macro(pos) ||
	    strcmp(pos.path, f->diag->path) != 0)
		return -1;
	text = sci_fs_line_dup(pos.path, pos.line);
	at = text ? char_index(text, pos.col) : -1;
	ok = at >= 0 && strncmp(text + at, old, n) == 0;
	free(text);
	if (!ok)
		return -1;
	sci_diag_set_fix(f->diag, pos.line, (unsigned)at + 1,
			 (unsigned)(at + 1 + (long)n), new_text);
	return 0;
}

int sci_pos_is_number(sci_pos pos)
{
	char *text;
	long at;
	int ok;

	if (!pos.path || sci_pos_macro(pos))
		return 0;
	text = sci_fs_line_dup(pos.path, pos.line);
	at = text ? char_index(text, pos.col) : -1;
	ok = at >= 0 && ((text[at] >= '0' && text[at] <= '9') ||
			 text[at] == '\'');
	free(text);
	return ok;
}

static int is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* The index just past the token at @at (a word or a parenthesized group
 * on this line), or -1. */
static long token_end(const char *text, long at)
{
	int depth = 0;
	char quote = 0;
	long i;

	if (is_word(text[at])) {
		for (i = at; is_word(text[i]); i++)
			;
		return i;
	}
	if (text[at] != '(')
		return -1;
	for (i = at; text[i]; i++) {
		if (quote) {
			if (text[i] == '\\' && text[i + 1])
				i++;
			else if (text[i] == quote)
				quote = 0;
		} else if (text[i] == '"' || text[i] == '\'') {
			quote = text[i];
		} else if (text[i] == '(') {
			depth++;
		} else if (text[i] == ')' && --depth == 0) {
			return i + 1;
		}
	}
	return -1;
}

static int pos_before(struct position a, struct position b)
{
	return a.line < b.line || (a.line == b.line && a.pos < b.pos);
}

/*
 * Where @e's source starts.  sparse places a node at its operator (`->`
 * for `b->f`, whose implicit `*b` sits there too, `(` for a call), so
 * the start is the leftmost of the node and its first operand.
 */
static struct position expr_start(struct expression *e)
{
	struct position p = e->pos, q;
	struct expression *first = NULL;

	switch (e->type) {
	case EXPR_PREOP:
	case EXPR_POSTOP:
		first = e->unop;
		break;
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
	case EXPR_COMMA:
		first = e->left;
		break;
	case EXPR_DEREF:
		first = e->deref;
		break;
	case EXPR_CALL:
		first = e->fn;
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		first = e->cast_expression;
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		first = e->conditional;
		break;
	default:
		break;
	}
	if (first && (q = expr_start(first)).stream == p.stream &&
	    pos_before(q, p))
		p = q;
	return p;
}

int sci_finding_fix_wrap(sci_finding *f, sci_expr *from_expr, sci_pos last,
			 const char *stops, const char *before,
			 const char *after)
{
	char *text, *fixed = NULL;
	long a, b, end = -1, next;
	sci_pos from;
	int ok = 0;

	if (!from_expr)
		return -1;
	from = sci__pos(expr_start(from_expr));

	if (!f || !f->diag || sci_pos_macro(from) ||
	    strcmp(from.path, f->diag->path) != 0 ||
	    strcmp(last.path, from.path) != 0 || last.line != from.line ||
	    last.col < from.col)
		return -1;
	text = sci_fs_line_dup(from.path, from.line);
	a = text ? char_index(text, from.col) : -1;
	b = text ? char_index(text, last.col) : -1;
	if (a >= 0 && b >= a && (is_word(text[a]) || text[a] == '(') &&
	    (a == 0 || !is_word(text[a - 1])))
		end = token_end(text, b);
	if (end > 0) {
		for (next = end; text[next] == ' ' || text[next] == '\t'; next++)
			;
		ok = !text[next] || strchr(stops, text[next]) != NULL;
	}
	if (ok) {
		fixed = sci_printf_dup("%s%.*s%s", before, (int)(end - a),
				       text + a, after);
		sci_diag_set_fix(f->diag, from.line, (unsigned)a + 1,
				 (unsigned)end + 1, fixed);
	}
	free(fixed);
	free(text);
	return ok ? 0 : -1;
}
