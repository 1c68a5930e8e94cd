/*
 * db_show.c - what the database knows about one function, in words, for
 * `smatch-ci db show` (contract in db.h).  The text is built in memory
 * and written only when complete, so an error mid-way prints nothing, and
 * every list is sorted in SQL so the text is the same on every run.
 */
#include "db/db_int.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What the returns mask means to a caller, by mask value.  The NULL bit
 * is a result that may be NULL passed on unchecked: an allocator's with
 * FRESH, another function's (getenv(), a lookup) with OTHER.
 */
static const char *const returns_words[8] = {
	[SCI_SUM_RET_FRESH] = "returns a fresh allocation, never NULL",
	[SCI_SUM_RET_NULL] = "returns a fresh allocation or NULL",
	[SCI_SUM_RET_FRESH | SCI_SUM_RET_NULL] =
		"returns a fresh allocation or NULL",
	[SCI_SUM_RET_OTHER] = "returns no fresh allocation",
	[SCI_SUM_RET_FRESH | SCI_SUM_RET_OTHER] =
		"returns a fresh allocation or another value",
	[SCI_SUM_RET_NULL | SCI_SUM_RET_OTHER] =
		"returns a value that may be NULL (not a fresh allocation)",
	[SCI_SUM_RET_FRESH | SCI_SUM_RET_NULL | SCI_SUM_RET_OTHER] =
		"returns a fresh allocation, NULL or another value",
};

/* Which bounds of the returned range only come from the type. */
static const char *const soft_words[4] = {
	"", " (lower bound from its type)", " (upper bound from its type)",
	" (bounds from its type)"
};

static unsigned count_bits(unsigned mask)
{
	unsigned n = 0;

	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

/* "; frees parameters 1, 2 and 4", numbered from 1 as people count. */
static void put_params(FILE *f, int *first, const char *verb, unsigned mask)
{
	unsigned i, k = 0, n = count_bits(mask);

	if (!mask)
		return;
	fprintf(f, "%s%s parameter%s", *first ? "    " : "; ", verb,
		n > 1 ? "s" : "");
	for (i = 0; i < SCI_SUMMARY_MAX_PARAMS; i++) {
		if (!(mask & (1u << i)))
			continue;
		k++;
		fprintf(f, "%s%u", k == 1 ? " " : k == n ? " and " : ", ",
			i + 1);
	}
	*first = 0;
}

/* "0.first" as people count: "parameter 1's .first" */
static void put_deref_path(FILE *f, const char *path)
{
	char *end;
	long n = strtol(path, &end, 10);

	if (end == path)
		fprintf(f, "    dereferences %s\n", path);
	else
		fprintf(f, "    dereferences parameter %ld's %s\n", n + 1, end);
}

/* "$0->lock" as people count: "parameter 1->lock"; a global as it is. */
static void put_lock(FILE *f, const char *verb, const char *lock)
{
	char *end;
	long n;

	if (lock[0] == '$' && (n = strtol(lock + 1, &end, 10)) >= 0 &&
	    end != lock + 1)
		fprintf(f, "    %s the lock parameter %ld%s\n", verb, n + 1, end);
	else
		fprintf(f, "    %s the lock %s\n", verb, lock);
}

/* ";!anw2" (@flags, @len bytes) as " (a fresh allocation, may be NULL;
 * assigns parameter 2 before reading it)". */
static void put_path_flags(FILE *f, const char *flags, size_t len)
{
	const char *what = memchr(flags, 'a', len) ? "a fresh allocation" :
			   memchr(flags, 'f', len) ? "memory it freed" :
			   memchr(flags, 'o', len) ? "what it opened" : NULL;
	const char *w = memchr(flags, 'w', len);
	unsigned long mask = w ? strtoul(w + 1, NULL, 10) : 0;
	int i, sep = 0;

	fputs(" (", f);
	if (what) {
		fprintf(f, "%s%s", what,
			memchr(flags, 'n', len) ? ", may be NULL" : "");
		sep = 1;
	}
	for (i = 0; i < 32; i++)
		if (mask & (1ul << i)) {
			fprintf(f, "%sassigns parameter %d before reading it",
				sep ? "; " : "", i + 1);
			sep = 1;
		}
	fputs(")", f);
}

/*
 * "0;1=min--1;gmode=1" as "returns 0 when parameter 2 is min--1, global
 * mode is 1"; ";!an" (analyzer/ret_paths.c) as "(a fresh allocation, may
 * be NULL)", ";*2=-1" as "(leaves *parameter 3 = -1)".
 */
static void put_path(FILE *f, const char *path)
{
	const char *semi = strchr(path, ';'), *p;
	char *end;
	long n;
	int when = 0;

	fprintf(f, "    returns %.*s", (int)(semi ? semi - path
						 : (long)strlen(path)),
		path);
	for (p = semi; p; p = strchr(p + 1, ';')) {
		size_t len = strcspn(p + 1, ";");

		if (p[1] == '!') {
			put_path_flags(f, p + 2, len - 1);
			continue;
		}
		if (p[1] == '@') {
			/* ";@static:10:small", ";@heap:16" */
			fprintf(f, " (the start of %.*s)", (int)len - 1, p + 2);
			continue;
		}
		if (p[1] == '*' && (n = strtol(p + 2, &end, 10)) >= 0 &&
		    *end == '=') {
			/* ";*N=VALUES": what the path leaves in *param N */
			fprintf(f, " (leaves *parameter %ld = %.*s)", n + 1,
				(int)strcspn(end + 1, ";"), end + 1);
			continue;
		}
		if (p[1] == 'g' && (end = strchr(p + 2, '=')) &&
		    !memchr(p + 2, ';', (size_t)(end - p - 2))) {
			/* ";gNAME=VALUES": a global the path tests */
			fprintf(f, "%s global %.*s is %.*s",
				when++ ? "," : " when", (int)(end - p - 2),
				p + 2, (int)strcspn(end + 1, ";"), end + 1);
			continue;
		}
		n = strtol(p + 1, &end, 10);
		if (*end != '=')
			break;
		fprintf(f, "%s parameter %ld is %.*s", when++ ? "," : " when",
			n + 1, (int)strcspn(end + 1, ";"), end + 1);
	}
	fputs(when ? "\n" : " on the other paths\n", f);
}

/*
 * What caller @text (a summary) passes to @callee, one line per call
 * site whose arguments it knows something of: "passes parameter 2 =
 * 0-15, global verbose = 1, *param1 = 0, parameter 1 points 0 bytes into
 * 'buf' (16 bytes)".
 */
/* Where the object of a callers' value lives, by its letter (points.c). */
static const char *object_home(char k)
{
	switch (k) {
	case 's':
		return ", on the stack";
	case 'g':
		return ", global or static";
	case 'l':
		return ", a string literal";
	case 'h':
		return ", on the heap";
	default:
		return "";
	}
}

static void put_passed(FILE *f, const char *callee, const char *text)
{
	sci_summary *s = NULL;
	size_t i, n = strlen(callee);
	const char *p, *eq, *path, *marks, *q;
	size_t mlen;
	char *end;
	long k;

	if (!text || sci_summary_parse(&s, text) < 0)
		return;
	for (i = 0; i < s->ncall_args; i++) {
		if (strncmp(s->call_args[i], callee, n) != 0 ||
		    s->call_args[i][n] != ';')
			continue;
		fputs("      passes", f);
		for (p = s->call_args[i] + n; p; p = strchr(p + 1, ';')) {
			const char *sep = p == s->call_args[i] + n ? "" : ",";
			size_t len;

			eq = strchr(p + 1, '=');
			if (!eq || memchr(p + 1, ';', (size_t)(eq - p - 1)))
				break;	/* ";@LINE" ends the entry */
			if (p[1] == 'g') {
				fprintf(f, "%s global %.*s", sep,
					(int)(eq - p - 2), p + 2);
			} else if (p[1] == 'o') {
				/*
				 * "oN=SIZE+OFF/K0~LEN.UNIT:NAME": the object it
				 * points into, K where it lives, 0 when the
				 * caller wrote none of it, the string it holds
				 */
				long long size, off;
				char where[96] = "";

				k = strtol(p + 2, &end, 10);
				size = strtoll(eq + 1, &end, 10);
				off = *end == '+' ? strtoll(end + 1, &end, 10) : 0;
				if (*end == '/' && end[1]) {
					snprintf(where, sizeof(where), "%s",
						 object_home(end[1]));
					end += 2;
					if (*end == '0') {
						strcat(where, ", not written");
						end++;
					} else if (*end == 'w') {
						long long lo = strtoll(end + 1, &end, 10),
							  hi = *end == '-' ?
							  strtoll(end + 1, &end, 10) : lo;
						size_t w = strlen(where);

						snprintf(where + w, sizeof(where) - w,
							 ", bytes %lld-%lld written only",
							 lo, hi);
					}
					if (*end == '~') {
						long long chars = strtoll(end + 1,
									&end, 10);
						size_t w = strlen(where);

						if (*end == '.')
							strtol(end + 1, &end, 10);
						snprintf(where + w, sizeof(where) - w,
							 ", a string of %lld", chars);
					}
				}
				if (*end != ':')
					break;
				fprintf(f, "%s parameter %ld points %lld bytes into "
					"'%.*s' (%lld bytes%s)", sep, k + 1, off,
					(int)strcspn(end + 1, ";"), end + 1, size,
					where);
				continue;
			} else if (p[1] == 'p') {
				/* "pN PATH": what parameter N reaches */
				k = strtol(p + 2, &end, 10);
				path = end;
				if (*path == '*')
					fprintf(f, "%s *param%ld", sep, k + 1);
				else
					fprintf(f, "%s param%ld%.*s", sep, k + 1,
						(int)(eq - path), path);
			} else {
				k = strtol(p + 1, &end, 10);
				if (end != eq)
					break;
				fprintf(f, "%s parameter %ld", sep, k + 1);
			}
			len = strcspn(eq + 1, ";~!#?");
			marks = eq + 1 + len;
			mlen = strcspn(marks, ";");
			fprintf(f, " = %.*s%s%s", (int)len, eq + 1,
				memchr(marks, '!', mlen) ? " (input)" : "",
				memchr(marks, '#', mlen) ? " (freed)" : "");
			/* "?RULE.STATE": a checker's state carried in */
			for (q = memchr(marks, '?', mlen); q;
			     q = memchr(q + 1, '?', mlen - (size_t)(q + 1 - marks)))
				fprintf(f, " (%.*s)", (int)strcspn(q + 1, ";~!#?"),
					q + 1);
		}
		fputc('\n', f);
	}
	sci_summary_free(s);
}

/* The lowest parameter in @mask, from 1, or 0. */
static int first_param(unsigned mask)
{
	int i;

	for (i = 0; i < 32; i++)
		if (mask & (1u << i))
			return i + 1;
	return 0;
}

/* "returns the start of ...": the summary's ret_obj in words. */
static void put_ret_obj(FILE *f, const char *text)
{
	long long size, factor;
	int a0, a1, n = 0;

	if (sscanf(text, "static:%lld:%n", &size, &n) == 1 && n > 0)
		fprintf(f, "    returns the start of '%s' (%lld bytes)\n",
			text + n, size);
	else if (sscanf(text, "heap:%lld*a%d*a%d", &factor, &a0, &a1) == 3)
		fprintf(f, "    returns the start of a block of %lld * parameter %d * parameter %d bytes\n",
			factor, a0 + 1, a1 + 1);
	else if (sscanf(text, "heap:%lld*a%d", &factor, &a0) == 2)
		fprintf(f, "    returns the start of a block of %lld * parameter %d bytes\n",
			factor, a0 + 1);
	else if (sscanf(text, "heap:%lld", &size) == 1)
		fprintf(f, "    returns the start of a block of %lld bytes\n",
			size);
	else
		fprintf(f, "    returns an object: %s\n", text);
}

/* "returns a value between parameter 2 and parameter 3" (ret_ge/ret_le) */
static void put_within(FILE *f, unsigned ge, unsigned le, int *lines)
{
	int lo = first_param(ge), hi = first_param(le);

	if (lo && hi)
		fprintf(f, "    returns a value between parameter %d and "
			"parameter %d\n", lo, hi);
	else if (lo)
		fprintf(f, "    returns a value at least parameter %d\n", lo);
	else if (hi)
		fprintf(f, "    returns a value at most parameter %d\n", hi);
	else
		return;
	(*lines)++;
}

static void put_facts(FILE *f, const char *text)
{
	sci_summary *s = NULL;
	int first = 1, lines = 0;
	size_t i;

	if (!text || sci_summary_parse(&s, text) < 0) {
		fprintf(f, "    summary unreadable: %s\n", sci_error_last());
		return;
	}
	if (returns_words[s->returns & 7]) {
		fprintf(f, "    %s\n", returns_words[s->returns & 7]);
		lines++;
	}
	if (s->returns & SCI_SUM_RET_INPUT) {
		fprintf(f, "    returns input (what it read, or a pointer to it)\n");
		lines++;
	}
	if (s->returns & SCI_SUM_RET_FREED) {
		fprintf(f, "    returns memory it freed\n");
		lines++;
	}
	if (s->ret_obj) {
		put_ret_obj(f, s->ret_obj);
		lines++;
	}
	put_params(f, &first, "dereferences", s->derefs);
	put_params(f, &first, "frees", s->frees);
	put_params(f, &first, "closes", s->closes);
	put_params(f, &first, "may keep", s->captures);
	put_params(f, &first, "may free, keep or replace what is pointed to by",
		   s->pkeeps);
	put_params(f, &first, "first reads what is pointed to by",
		   s->preads_first);
	put_params(f, &first, "dereferences what is pointed to by",
		   s->deref_pointees);
	put_params(f, &first, "reads or writes what is pointed to by",
		   s->uses & ~s->derefs);
	put_params(f, &first, "hands the caller a fresh allocation through",
		   s->out_allocs);
	put_params(f, &first, "fills with input what is pointed to by",
		   s->fills);
	put_params(f, &first, "uses as a printf format", s->formats);
	put_params(f, &first, "only returns", s->passes);
	put_params(f, &first, "returns, unchanged on every path,", s->ret_param);
	if (!first) {
		fputc('\n', f);
		lines++;
	}
	if (s->ret) {
		fprintf(f, "    returns %s%s\n", s->ret,
			soft_words[s->ret_soft & 3]);
		lines++;
	}
	put_within(f, s->ret_ge, s->ret_le, &lines);
	for (i = 0; i < s->npaths; i++, lines++)
		put_path(f, s->paths[i]);
	if (s->noreturn) {
		fputs("    never returns\n", f);
		lines++;
	}
	for (i = 0; i < s->nderef_globals; i++, lines++)
		fprintf(f, "    dereferences the global %s\n", s->deref_globals[i]);
	for (i = 0; i < s->nderef_paths; i++, lines++)
		put_deref_path(f, s->deref_paths[i]);
	for (i = 0; i < s->nlocks; i++, lines++)
		put_lock(f, "returns holding", s->locks[i]);
	for (i = 0; i < s->nunlocks; i++, lines++)
		put_lock(f, "releases", s->unlocks[i]);
	if (!lines)
		fputs("    nothing known\n", f);
	sci_summary_free(s);
}

#define COL(st, i) ((const char *)sqlite3_column_text(st, i))

/* Writes the definitions and callers of @name to @f; *found: how many. */
static int show(sci_db *db, const char *name, FILE *f, int *found)
{
	sqlite3_stmt *st = NULL;
	int rc, n = 0, error = SCI_EDB;

	fprintf(f, "%s\n", name);
	if (sci_db__prepare(db, &st,
			    "SELECT fn.file, fn.line, fn.static, fn.summary, tu.path"
			    " FROM fn JOIN tu ON tu.id = fn.tu WHERE fn.name = ?1"
			    " ORDER BY fn.file, fn.line, tu.path, fn.summary",
			    "t", name) < 0)
		goto done;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		fprintf(f, "  defined in %s:%lld (%s), TU %s\n", COL(st, 0),
			(long long)sqlite3_column_int64(st, 1),
			sqlite3_column_int(st, 2) ? "static" : "extern",
			COL(st, 4));
		put_facts(f, COL(st, 3));
		n++;
	}
	if (rc != SQLITE_DONE)
		goto done;
	if (!n)
		fputs("  defined in no TU the database knows\n", f);
	*found = n;
	sqlite3_finalize(st);
	n = 0;
	if (sci_db__prepare(db, &st,
			    "SELECT DISTINCT f.name, f.file, f.line, t.path, f.summary"
			    " FROM calls c"
			    " JOIN fn f ON f.tu = c.tu AND f.seq = c.caller"
			    " JOIN tu t ON t.id = c.tu"
			    " WHERE c.callee = ?1 ORDER BY 1, 2, 3, 4",
			    "t", name) < 0)
		goto done;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (!n++)
			fputs("  called by\n", f);
		fprintf(f, "    %s (%s:%lld), TU %s\n", COL(st, 0), COL(st, 1),
			(long long)sqlite3_column_int64(st, 2), COL(st, 3));
		put_passed(f, name, COL(st, 4));
	}
	if (rc != SQLITE_DONE)
		goto done;
	if (!n)
		fputs("  called by no TU the database knows\n", f);
	*found += n;
	error = 0;
done:
	sqlite3_finalize(st);
	return error;
}

int sci_db_show(sci_db *db, const char *name, FILE *f)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = NULL;
	int found = 0, error = 0;

	if (!sci_db_enabled(db))
		return sci_error_set(SCI_EDB, "database '%s' is disabled: %s",
				     db ? db->path : "",
				     db && db->warning ? db->warning : "");
	if (!(mem = open_memstream(&text, &len)))
		return sci_error_set(SCI_EIO, "cannot write: out of memory");
	/* one read transaction: a run storing meanwhile is seen whole */
	if (sqlite3_exec(db->h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
	    show(db, name, mem, &found) < 0) {
		error = sci_db__fail(db, "show");
		goto done;
	}
	sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
	if (fclose(mem) != 0) {
		mem = NULL;
		error = sci_error_set(SCI_EIO, "cannot write: out of memory");
		goto done;
	}
	mem = NULL;
	if (!found) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "no TU in database '%s' defines or calls '%s'",
				      db->path, name);
		goto done;
	}
	if (fwrite(text, 1, len, f) != len)
		error = sci_error_set(SCI_EIO, "cannot write: %s", "short write");
done:
	if (mem)
		fclose(mem);
	free(text);
	return error;
}
