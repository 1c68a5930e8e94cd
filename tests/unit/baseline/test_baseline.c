/*
 * test_baseline.c - the baseline file (src/baseline/baseline.c): format and
 * byte-stable round trips, update/prune/check (also of a subset of the
 * rules and files, and across renames), and hand-edited files that
 * are broken (each must give SCI_EINVALID naming the file and the place,
 * and leave the file byte for byte as it was).  Real files in a temp dir.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline/baseline.h"
#include "baseline/fingerprint.h"
#include "util/error.h"

static char dir[64];
static char fp_a[SCI_FP_HEX], fp_b[SCI_FP_HEX], fp_c[SCI_FP_HEX];

static int setup(void **state)
{
	strcpy(dir, "/tmp/sci-baseline-XXXXXX");
	assert_non_null(mkdtemp(dir));
	sci_fp_compute(fp_a, "memory-leak", "src/a.c", "f", "buf", 0);
	sci_fp_compute(fp_b, "null-deref", "src/a.c", "g", "p", 0);
	sci_fp_compute(fp_c, "null-deref", "src/b.c", "h", "q", 0);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *path_in(const char *name)
{
	static char buf[4][256];
	static int next;
	char *p = buf[next++ % 4];

	snprintf(p, 256, "%s/%s", dir, name);
	return p;
}

static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Returns: malloc'd file contents. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static int count_files(const char *d)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	int n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp)))
		if (e->d_name[0] != '.')
			n++;
	closedir(dp);
	return n;
}

static sci_result *add(sci_result_list *l, const char *rule, const char *path,
		       unsigned line, const char *function, const char *key,
		       const char *message)
{
	return sci_result_list_take(l, sci_diag_new(rule, SCI_LEVEL_WARNING,
						    path, line, 1, function,
						    key, message));
}

/* One entry of a hand-written file. */
static void entry_text(char *buf, size_t n, const char *fp, const char *rule,
		       const char *path, const char *fn, const char *key,
		       const char *just)
{
	snprintf(buf, n,
		 "{\"rule\": \"%s\", \"fingerprint\": \"%s\", \"path\": \"%s\","
		 " \"function\": \"%s\", \"key\": \"%s\", \"message\": \"msg\","
		 " \"justification\": \"%s\"}", rule, fp, path, fn, key, just);
}

/* ---- format and round trip ------------------------------------------- */

static void test_baseline__save_writes_the_documented_format(void **state)
{
	sci_result_list cur = { 0 };
	sci_baseline *bl;
	char expect[2048], *got;

	add(&cur, "memory-leak", "src/a.c", 10, "f", "buf", "leak of 'buf'");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, NULL), 0);
	assert_int_equal(sci_baseline_save(bl, path_in("b.json")), 0);
	snprintf(expect, sizeof(expect),
		 "{\n"
		 "  \"findings\": [\n"
		 "    {\n"
		 "      \"fingerprint\": \"%s\",\n"
		 "      \"function\": \"f\",\n"
		 "      \"justification\": \"%s\",\n"
		 "      \"key\": \"buf\",\n"
		 "      \"message\": \"leak of 'buf'\",\n"
		 "      \"path\": \"src/a.c\",\n"
		 "      \"rule\": \"memory-leak\"\n"
		 "    }\n"
		 "  ],\n"
		 "  \"version\": 1\n"
		 "}\n", fp_a, SCI_BASELINE_PLACEHOLDER);
	got = slurp(path_in("b.json"));
	assert_string_equal(got, expect);
	free(got);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);

	/* an empty baseline is still a complete document */
	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_save(bl, path_in("empty.json")), 0);
	got = slurp(path_in("empty.json"));
	assert_string_equal(got, "{\n  \"findings\": [],\n  \"version\": 1\n}\n");
	free(got);
	sci_baseline_free(bl);
}

/* A hand-edited, unsorted, oddly spaced file: save, load, save = same bytes. */
static void test_baseline__round_trip_is_byte_stable(void **state)
{
	char e1[512], e2[512], e3[512], text[2048];
	char *first, *second;
	sci_baseline *bl;

	entry_text(e1, sizeof(e1), fp_c, "null-deref", "src/b.c", "h", "q", "ok c");
	entry_text(e2, sizeof(e2), fp_b, "null-deref", "src/a.c", "g", "p", "ok b");
	entry_text(e3, sizeof(e3), fp_a, "memory-leak", "src/a.c", "f", "buf",
		   "caller frees it \\u00e9");
	snprintf(text, sizeof(text),
		 "{\"findings\":[%s,\n%s,   %s], \"version\" : 1}", e1, e2, e3);
	put_file(path_in("hand.json"), text);

	assert_int_equal(sci_baseline_load(&bl, path_in("hand.json"), 0), 0);
	assert_int_equal(sci_baseline_count(bl), 3);
	/* sorted by path, rule, function, key */
	assert_string_equal(sci_baseline_at(bl, 0)->fingerprint, fp_a);
	assert_string_equal(sci_baseline_at(bl, 1)->fingerprint, fp_b);
	assert_string_equal(sci_baseline_at(bl, 2)->fingerprint, fp_c);
	assert_null(sci_baseline_at(bl, 3));
	assert_string_equal(sci_baseline_at(bl, 0)->justification,
			    "caller frees it \xc3\xa9");
	assert_string_equal(sci_baseline_path(bl), path_in("hand.json"));
	assert_int_equal(sci_baseline_save(bl, path_in("one.json")), 0);
	sci_baseline_free(bl);

	assert_int_equal(sci_baseline_load(&bl, path_in("one.json"), 0), 0);
	assert_int_equal(sci_baseline_save(bl, path_in("two.json")), 0);
	sci_baseline_free(bl);

	first = slurp(path_in("one.json"));
	second = slurp(path_in("two.json"));
	assert_string_equal(first, second);
	assert_int_equal(first[strlen(first) - 1], '\n');
	free(first);
	free(second);
}

static void test_baseline__find_by_fingerprint(void **state)
{
	char e1[512], e2[512], text[2048];
	sci_baseline *bl;
	const sci_baseline_entry *e;

	entry_text(e1, sizeof(e1), fp_a, "memory-leak", "src/a.c", "f", "buf", "why a");
	entry_text(e2, sizeof(e2), fp_c, "null-deref", "src/b.c", "h", "q", "why c");
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s,%s]}", e1, e2);
	put_file(path_in("f.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("f.json"), 0), 0);
	e = sci_baseline_find(bl, fp_c);
	assert_non_null(e);
	assert_string_equal(e->justification, "why c");
	assert_string_equal(e->rule, "null-deref");
	assert_string_equal(e->message, "msg");
	assert_non_null(sci_baseline_find(bl, fp_a));
	assert_null(sci_baseline_find(bl, fp_b));
	assert_null(sci_baseline_find(bl, ""));
	sci_baseline_free(bl);
}

static void test_baseline__missing_file(void **state)
{
	sci_baseline *bl = (sci_baseline *)1;

	assert_int_equal(sci_baseline_load(&bl, path_in("nope.json"), 0),
			 SCI_ENOTFOUND);
	assert_null(bl);
	assert_non_null(strstr(sci_error_last(), "nope.json"));

	assert_int_equal(sci_baseline_load(&bl, path_in("nope.json"),
					   SCI_BASELINE_MISSING_OK), 0);
	assert_int_equal(sci_baseline_count(bl), 0);
	sci_baseline_free(bl);
	assert_int_equal(access(path_in("nope.json"), F_OK), -1);
}

static void test_baseline__save_creates_directory_atomically(void **state)
{
	char sub[128], target[256];
	sci_baseline *bl;

	snprintf(sub, sizeof(sub), "%s/.smatch-ci", dir);
	snprintf(target, sizeof(target), "%s/baseline.json", sub);
	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_save(bl, target), 0);
	assert_int_equal(access(target, R_OK), 0);
	assert_int_equal(count_files(sub), 1);	/* no temporary left */
	assert_int_equal(sci_baseline_save(bl, target), 0);	/* exists */
	assert_int_equal(count_files(sub), 1);
	sci_baseline_free(bl);
}

static void test_baseline__save_failure_keeps_old_file(void **state)
{
	char blocked[256];
	sci_baseline *bl;

	/* parent "directory" is a regular file */
	put_file(path_in("plain"), "x");
	snprintf(blocked, sizeof(blocked), "%s/plain/baseline.json", dir);
	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_save(bl, blocked), SCI_EIO);
	assert_non_null(strstr(sci_error_last(), "plain"));
	sci_baseline_free(bl);
}

static void test_baseline__non_utf8_strings_are_saved_as_valid_json(void **state)
{
	sci_result_list cur = { 0 };
	sci_baseline *bl, *again;

	add(&cur, "r", "src/caf\xe9.c", 3, "f", "k", "bad \xff byte");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, NULL), 0);
	assert_int_equal(sci_baseline_save(bl, path_in("u.json")), 0);
	assert_int_equal(sci_baseline_load(&again, path_in("u.json"), 0), 0);
	assert_string_equal(sci_baseline_at(again, 0)->path, "src/caf?.c");
	assert_string_equal(sci_baseline_at(again, 0)->message, "bad ? byte");
	/* the fingerprint, which is what matches, is unaffected */
	assert_non_null(sci_baseline_find(again, cur.items[0].fingerprint));
	sci_baseline_free(bl);
	sci_baseline_free(again);
	sci_result_list_clear(&cur);
}

/* ---- update, prune, check ---------------------------------------------- */

/* Baseline with fp_a ("why a") and fp_b (placeholder). */
static sci_baseline *load_ab(void)
{
	char e1[512], e2[512], text[2048];
	sci_baseline *bl;

	entry_text(e1, sizeof(e1), fp_a, "memory-leak", "src/a.c", "f", "buf",
		   "why a");
	entry_text(e2, sizeof(e2), fp_b, "null-deref", "src/a.c", "g", "p",
		   SCI_BASELINE_PLACEHOLDER);
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s,%s]}",
		 e1, e2);
	put_file(path_in("ab.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("ab.json"), 0), 0);
	return bl;
}

static void test_baseline__update_keeps_reasons_and_adds_placeholders(void **state)
{
	sci_baseline *bl = load_ab();
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	const sci_baseline_entry *e;

	add(&cur, "memory-leak", "src/a.c", 30, "f", "buf", "reworded leak");
	add(&cur, "null-deref", "src/b.c", 4, "h", "q", "deref of q");
	add(&cur, "null-deref", "src/b.c", 9, "h", "q", "deref of q");
	add(&cur, "null-deref", "src/a.c", 1, "g", "p", "gone");
	add(&cur, "analysis-failure", "src/c.c", 1, "", "", "parse error");
	sci_fp_assign(&cur, NULL, NULL);
	cur.items[3].cls = SCI_CLASS_FIXED;	/* fixed results are not current */

	assert_int_equal(sci_baseline_update(bl, &cur, NULL, &counts), 0);
	assert_int_equal(counts.kept, 1);
	assert_int_equal(counts.added, 2);
	assert_int_equal(counts.dropped, 1);
	assert_int_equal(sci_baseline_count(bl), 3);
	e = sci_baseline_find(bl, fp_a);
	assert_non_null(e);
	assert_string_equal(e->justification, "why a");
	assert_string_equal(e->message, "reworded leak");	/* refreshed */
	e = sci_baseline_find(bl, cur.items[1].fingerprint);
	assert_non_null(e);
	assert_string_equal(e->justification, SCI_BASELINE_PLACEHOLDER);
	assert_non_null(sci_baseline_find(bl, cur.items[2].fingerprint));
	assert_null(sci_baseline_find(bl, fp_b));
	assert_null(sci_baseline_find(bl, cur.items[4].fingerprint));

	/* updating again with the same findings changes nothing */
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, &counts), 0);
	assert_int_equal(counts.kept, 3);
	assert_int_equal(counts.added, 0);
	assert_int_equal(counts.dropped, 0);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

static void test_baseline__update_rejects_results_without_fingerprint(void **state)
{
	sci_baseline *bl = load_ab();
	sci_result_list cur = { 0 };

	add(&cur, "r", "src/z.c", 12, "f", "k", "m");
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, NULL), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "src/z.c:12"));
	assert_int_equal(sci_baseline_count(bl), 2);	/* unchanged */
	assert_int_equal(sci_baseline_prune(bl, &cur, NULL, NULL), SCI_EINVALID);
	assert_int_equal(sci_baseline_count(bl), 2);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

static void test_baseline__prune_drops_stale_and_never_adds(void **state)
{
	sci_baseline *bl = load_ab();
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;

	add(&cur, "memory-leak", "src/a.c", 30, "f", "buf", "leak");
	add(&cur, "null-deref", "src/b.c", 4, "h", "q", "not in the baseline");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_prune(bl, &cur, NULL, &counts), 0);
	assert_int_equal(counts.dropped, 1);
	assert_int_equal(counts.moved, 0);
	assert_int_equal(counts.added, 0);
	assert_int_equal(sci_baseline_count(bl), 1);
	assert_string_equal(sci_baseline_at(bl, 0)->fingerprint, fp_a);
	assert_string_equal(sci_baseline_at(bl, 0)->justification, "why a");

	assert_int_equal(sci_baseline_prune(bl, &cur, NULL, &counts), 0);
	assert_int_equal(counts.dropped, 0);

	/* a fixed result does not keep its entry alive */
	cur.items[0].cls = SCI_CLASS_FIXED;
	assert_int_equal(sci_baseline_prune(bl, &cur, NULL, NULL), 0);
	assert_int_equal(sci_baseline_count(bl), 0);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

static void test_baseline__check_finds_stale_and_missing_reasons(void **state)
{
	char e[4][512], text[4096], *out = NULL;
	sci_result_list cur = { 0 };
	char fp_d[SCI_FP_HEX];
	sci_baseline *bl;

	sci_fp_compute(fp_d, "r", "src/d.c", "d", "k", 0);
	entry_text(e[0], sizeof(e[0]), fp_a, "memory-leak", "src/a.c", "f", "buf",
		   "caller owns it");
	entry_text(e[1], sizeof(e[1]), fp_b, "null-deref", "src/a.c", "g", "p",
		   SCI_BASELINE_PLACEHOLDER);
	entry_text(e[2], sizeof(e[2]), fp_c, "null-deref", "src/b.c", "h", "q",
		   " \\t\\n ");
	entry_text(e[3], sizeof(e[3]), fp_d, "r", "src/d.c", "d", "k", "");
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s,%s,%s,%s]}",
		 e[0], e[1], e[2], e[3]);
	put_file(path_in("c.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("c.json"), 0), 0);

	/* current: a, b, c are still there; d is gone (stale, and empty) */
	add(&cur, "memory-leak", "src/a.c", 1, "f", "buf", "m");
	add(&cur, "null-deref", "src/a.c", 2, "g", "p", "m");
	add(&cur, "null-deref", "src/b.c", 3, "h", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);

	assert_int_equal(sci_baseline_check(&out, bl, &cur, NULL), 4);
	assert_null(strstr(out, fp_a));
	assert_non_null(strstr(out, fp_b));
	assert_non_null(strstr(out, fp_c));
	assert_non_null(strstr(out, "stale entry"));
	assert_non_null(strstr(out, "baseline prune"));
	assert_non_null(strstr(out, "no justification"));
	assert_non_null(strstr(out, path_in("c.json")));
	assert_non_null(strstr(out, "src/d.c"));
	free(out);

	/* without current results only the reasons are checked */
	assert_int_equal(sci_baseline_check(NULL, bl, NULL, NULL), 3);
	sci_baseline_free(bl);

	/* a clean baseline */
	bl = load_ab();
	assert_int_equal(sci_baseline_prune(bl, &cur, NULL, NULL), 0);
	cur.items[1].cls = SCI_CLASS_FIXED;
	assert_int_equal(sci_baseline_check(&out, bl, &cur, NULL), 2);	/* b: stale + placeholder */
	free(out);
	cur.items[1].cls = SCI_CLASS_NEW;
	assert_int_equal(sci_baseline_check(&out, bl, &cur, NULL), 1);
	free(out);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);

	assert_int_equal(sci_baseline_new(&bl), 0);
	assert_int_equal(sci_baseline_check(&out, bl, NULL, NULL), 0);
	assert_string_equal(out, "");
	free(out);
	sci_baseline_free(bl);
}

/* ---- subsets and renames ------------------------------------------------- */

/* A run's scope as lists; NULL lists cover everything. */
struct fake_scope {
	const char *const *paths;	/* covered paths */
	const char *const *rules;	/* enabled rules */
	const char *const *renames;	/* old, new, old, new, ..., NULL */
	const char *const *gone;	/* paths that no longer exist */
};

static int in_list(const char *const *list, const char *s)
{
	for (; list && *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static int fake_covers(const char *rule, const char *path, void *payload)
{
	const struct fake_scope *f = payload;

	return (!f->paths || in_list(f->paths, path)) &&
	       (!f->rules || in_list(f->rules, rule));
}

static const char *fake_renamed(const char *path, void *payload)
{
	const struct fake_scope *f = payload;
	const char *const *r;

	for (r = f->renames; r && r[0]; r += 2)
		if (strcmp(r[0], path) == 0)
			return r[1];
	return NULL;
}

static int fake_gone(const char *path, void *payload)
{
	const struct fake_scope *f = payload;

	return in_list(f->gone, path) || fake_renamed(path, payload) != NULL;
}

static sci_baseline_scope scope_of(struct fake_scope *f)
{
	sci_baseline_scope s = { fake_covers, fake_renamed, fake_gone, f };

	return s;
}

/*
 * The saved object holding @fp, from its "{" line to its "}" line.
 * Returns: malloc'd.
 */
static char *entry_block(const char *text, const char *fp)
{
	const char *at = strstr(text, fp), *start, *end;
	char *out;

	assert_non_null(at);
	for (start = at; start > text && strncmp(start, "    {\n", 6) != 0; start--)
		;
	end = strstr(at, "\n    }");
	assert_non_null(end);
	end += 6;
	out = malloc((size_t)(end - start) + 1);
	memcpy(out, start, (size_t)(end - start));
	out[end - start] = '\0';
	return out;
}

/*
 * Three files, three rules: a.c (memory-leak f/buf, null-deref g/p),
 * b.c (null-deref h/q), each with a reviewed reason; saved to base.json.
 */
static sci_baseline *load_three(char **saved)
{
	char e[3][512], text[2048];
	sci_baseline *bl;

	entry_text(e[0], sizeof(e[0]), fp_a, "memory-leak", "src/a.c", "f",
		   "buf", "why a");
	entry_text(e[1], sizeof(e[1]), fp_b, "null-deref", "src/a.c", "g", "p",
		   "why b");
	entry_text(e[2], sizeof(e[2]), fp_c, "null-deref", "src/b.c", "h", "q",
		   "why c");
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s,%s,%s]}",
		 e[0], e[1], e[2]);
	put_file(path_in("three.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("three.json"), 0), 0);
	assert_int_equal(sci_baseline_save(bl, path_in("base.json")), 0);
	*saved = slurp(path_in("base.json"));
	return bl;
}

static void assert_same_block(const char *before, const char *after,
			      const char *fp)
{
	char *a = entry_block(before, fp), *b = entry_block(after, fp);

	assert_string_equal(a, b);
	free(a);
	free(b);
}

static void test_baseline__update_of_a_subset_keeps_the_rest(void **state)
{
	static const char *const paths[] = { "src/a.c", NULL };
	static const char *const rules[] = { "memory-leak", NULL };
	struct fake_scope f = { paths, rules, NULL, NULL };
	sci_baseline_scope scope = scope_of(&f);
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	char *before, *after;
	sci_baseline *bl = load_three(&before);

	/* only a.c with memory-leak was analyzed: f/buf is gone, a new one */
	add(&cur, "memory-leak", "src/a.c", 7, "f2", "n", "new leak");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_update(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.added, 1);
	assert_int_equal(counts.kept, 0);
	assert_int_equal(counts.dropped, 1);	/* f/buf: in the subset */
	assert_int_equal(sci_baseline_count(bl), 3);
	assert_null(sci_baseline_find(bl, fp_a));
	assert_string_equal(sci_baseline_find(bl, fp_b)->justification, "why b");
	assert_string_equal(sci_baseline_find(bl, fp_c)->justification, "why c");
	assert_int_equal(sci_baseline_save(bl, path_in("after.json")), 0);
	after = slurp(path_in("after.json"));
	assert_same_block(before, after, fp_b);	/* other rule */
	assert_same_block(before, after, fp_c);	/* other file */
	free(after);

	/* without a scope, the same run would have dropped both */
	sci_baseline_free(bl);
	free(before);
	bl = load_three(&before);
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, &counts), 0);
	assert_int_equal(counts.dropped, 3);
	assert_int_equal(sci_baseline_count(bl), 1);
	sci_baseline_free(bl);
	free(before);
	sci_result_list_clear(&cur);
}

static void test_baseline__prune_and_check_of_a_subset(void **state)
{
	static const char *const paths[] = { "src/b.c", NULL };
	struct fake_scope f = { paths, NULL, NULL, NULL };
	sci_baseline_scope scope = scope_of(&f);
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	char *before, *after, *out = NULL;
	sci_baseline *bl = load_three(&before);

	/* b.c analyzed, and clean: only its entry is stale */
	assert_int_equal(sci_baseline_check(&out, bl, &cur, &scope), 1);
	assert_non_null(strstr(out, fp_c));
	assert_null(strstr(out, fp_a));
	free(out);
	assert_int_equal(sci_baseline_check(NULL, bl, &cur, NULL), 3);

	assert_int_equal(sci_baseline_prune(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.dropped, 1);
	assert_int_equal(sci_baseline_count(bl), 2);
	assert_int_equal(sci_baseline_save(bl, path_in("after.json")), 0);
	after = slurp(path_in("after.json"));
	assert_same_block(before, after, fp_a);
	assert_same_block(before, after, fp_b);
	free(after);

	/* a finding matching an entry keeps it whatever the scope says */
	add(&cur, "memory-leak", "src/a.c", 1, "f", "buf", "m");
	sci_fp_assign(&cur, NULL, NULL);
	f.paths = NULL;
	f.rules = (const char *const[]){ "null-deref", NULL };
	assert_int_equal(sci_baseline_prune(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.dropped, 1);	/* g/p: null-deref, gone */
	assert_non_null(sci_baseline_find(bl, fp_a));
	sci_baseline_free(bl);
	free(before);
	sci_result_list_clear(&cur);
}

/* src/old.c with two f/p findings and one g/q; renamed to src/new.c. */
static sci_baseline *load_renamed(void)
{
	char e[3][512], text[2048], fp[3][SCI_FP_HEX];
	sci_baseline *bl;

	sci_fp_compute(fp[0], "null-deref", "src/old.c", "f", "p", 0);
	sci_fp_compute(fp[1], "null-deref", "src/old.c", "f", "p", 1);
	sci_fp_compute(fp[2], "memory-leak", "src/old.c", "g", "q", 0);
	entry_text(e[0], sizeof(e[0]), fp[0], "null-deref", "src/old.c", "f",
		   "p", "first p");
	entry_text(e[1], sizeof(e[1]), fp[1], "null-deref", "src/old.c", "f",
		   "p", "second p");
	entry_text(e[2], sizeof(e[2]), fp[2], "memory-leak", "src/old.c", "g",
		   "q", "q is static");
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s,%s,%s]}",
		 e[0], e[1], e[2]);
	put_file(path_in("renamed.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("renamed.json"), 0), 0);
	return bl;
}

static const sci_baseline_entry *entry_at_line(const sci_baseline *bl,
					       const sci_result_list *cur,
					       unsigned line)
{
	size_t i;

	for (i = 0; i < cur->n; i++)
		if (cur->items[i].diag->line == line)
			return sci_baseline_find(bl, cur->items[i].fingerprint);
	return NULL;
}

static void test_baseline__entries_follow_a_renamed_file(void **state)
{
	static const char *const renames[] = { "src/old.c", "src/new.c", NULL };
	static const char *const paths[] = { "src/new.c", NULL };
	struct fake_scope f = { paths, NULL, renames, NULL };
	sci_baseline_scope scope = scope_of(&f);
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	sci_baseline *bl = load_renamed();
	char *out = NULL;

	add(&cur, "null-deref", "src/new.c", 40, "f", "p", "m");
	add(&cur, "null-deref", "src/new.c", 50, "f", "p", "m");
	add(&cur, "memory-leak", "src/new.c", 9, "g", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);

	/* check: nothing is stale (the old path is not even in the scope) */
	assert_int_equal(sci_baseline_check(&out, bl, &cur, &scope), 0);
	assert_string_equal(out, "");
	free(out);
	/* without rename information all three would be */
	assert_int_equal(sci_baseline_check(NULL, bl, &cur, NULL), 3);

	assert_int_equal(sci_baseline_update(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 3);
	assert_int_equal(counts.added, 0);
	assert_int_equal(counts.dropped, 0);
	assert_int_equal(sci_baseline_count(bl), 3);
	/* each keeps its own reason: occurrences map in order */
	assert_string_equal(entry_at_line(bl, &cur, 40)->justification, "first p");
	assert_string_equal(entry_at_line(bl, &cur, 50)->justification, "second p");
	assert_string_equal(entry_at_line(bl, &cur, 9)->justification, "q is static");
	assert_string_equal(entry_at_line(bl, &cur, 9)->path, "src/new.c");
	sci_baseline_free(bl);

	/* prune moves them too, and keeps their messages */
	bl = load_renamed();
	assert_int_equal(sci_baseline_prune(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 3);
	assert_int_equal(counts.dropped, 0);
	assert_string_equal(entry_at_line(bl, &cur, 50)->justification, "second p");
	assert_string_equal(entry_at_line(bl, &cur, 50)->message, "msg");
	sci_baseline_free(bl);

	/* follow: in memory, so lookups by fingerprint see the new names */
	bl = load_renamed();
	assert_int_equal(sci_baseline_follow(bl, &cur, &scope, &counts.moved), 0);
	assert_int_equal(counts.moved, 3);
	assert_non_null(entry_at_line(bl, &cur, 40));
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

static void test_baseline__rename_with_heavy_edits(void **state)
{
	static const char *const renames[] = { "src/old.c", "src/new.c", NULL };
	struct fake_scope f = { NULL, NULL, renames, NULL };
	sci_baseline_scope scope = scope_of(&f);
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	sci_baseline *bl = load_renamed();

	/* one f/p survived; g/q survived; h/r is new; f/p's twin is gone */
	add(&cur, "null-deref", "src/new.c", 3, "f", "p", "m");
	add(&cur, "memory-leak", "src/new.c", 90, "g", "q", "m");
	add(&cur, "null-deref", "src/new.c", 60, "h", "r", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_update(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 2);
	assert_int_equal(counts.added, 1);
	assert_int_equal(counts.dropped, 1);
	assert_string_equal(entry_at_line(bl, &cur, 3)->justification, "first p");
	assert_string_equal(entry_at_line(bl, &cur, 90)->justification, "q is static");
	assert_string_equal(entry_at_line(bl, &cur, 60)->justification,
			    SCI_BASELINE_PLACEHOLDER);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

/* No rename information: the old file is gone, the findings live on. */
static void test_baseline__gone_file_matches_by_key(void **state)
{
	static const char *const gone[] = { "src/old.c", NULL };
	struct fake_scope f = { NULL, NULL, NULL, gone };
	sci_baseline_scope scope = scope_of(&f);
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	sci_baseline *bl = load_renamed();
	char *out = NULL;

	add(&cur, "null-deref", "lib/moved.c", 40, "f", "p", "m");
	add(&cur, "null-deref", "lib/moved.c", 50, "f", "p", "m");
	add(&cur, "memory-leak", "lib/moved.c", 9, "g", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_check(&out, bl, &cur, &scope), 0);
	free(out);
	assert_int_equal(sci_baseline_update(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 3);
	assert_string_equal(entry_at_line(bl, &cur, 40)->justification, "first p");
	assert_string_equal(entry_at_line(bl, &cur, 50)->justification, "second p");
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);

	/* two files with g/q: no guess, the entry is stale */
	bl = load_renamed();
	add(&cur, "memory-leak", "lib/one.c", 9, "g", "q", "m");
	add(&cur, "memory-leak", "lib/two.c", 9, "g", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_check(&out, bl, &cur, &scope), 3);
	assert_non_null(strstr(out, "memory-leak in src/old.c"));
	free(out);
	sci_result_list_clear(&cur);

	/* a file the baseline already knows is not where old.c went */
	sci_baseline_free(bl);
	assert_int_equal(sci_baseline_new(&bl), 0);
	add(&cur, "memory-leak", "src/old.c", 1, "g", "q", "m");
	add(&cur, "memory-leak", "lib/one.c", 1, "zz", "zz", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_update(bl, &cur, NULL, NULL), 0);
	sci_result_list_clear(&cur);
	add(&cur, "memory-leak", "lib/one.c", 1, "zz", "zz", "m");
	add(&cur, "memory-leak", "lib/one.c", 9, "g", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_prune(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 0);
	assert_int_equal(counts.dropped, 1);
	assert_int_equal(sci_baseline_count(bl), 1);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);

	/* a file still there keeps its identity: no guessing */
	bl = load_renamed();
	f.gone = NULL;
	add(&cur, "memory-leak", "lib/moved.c", 9, "g", "q", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_check(NULL, bl, &cur, &scope), 3);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

/* A hand-edited entry whose members do not hash to its fingerprint. */
static void test_baseline__rename_of_a_hand_edited_entry(void **state)
{
	static const char *const renames[] = { "src/old.c", "src/new.c", NULL };
	struct fake_scope f = { NULL, NULL, renames, NULL };
	sci_baseline_scope scope = scope_of(&f);
	char e[512], text[1024];
	sci_result_list cur = { 0 };
	sci_baseline_counts counts;
	sci_baseline *bl;

	entry_text(e, sizeof(e), fp_a, "memory-leak", "src/old.c", "f", "buf",
		   "edited by hand");
	snprintf(text, sizeof(text), "{\"version\":1,\"findings\":[%s]}", e);
	put_file(path_in("hand.json"), text);
	assert_int_equal(sci_baseline_load(&bl, path_in("hand.json"), 0), 0);
	add(&cur, "memory-leak", "src/new.c", 5, "f", "buf", "m");
	sci_fp_assign(&cur, NULL, NULL);
	assert_int_equal(sci_baseline_update(bl, &cur, &scope, &counts), 0);
	assert_int_equal(counts.moved, 1);
	assert_string_equal(sci_baseline_at(bl, 0)->justification, "edited by hand");
	assert_string_equal(sci_baseline_at(bl, 0)->fingerprint,
			    cur.items[0].fingerprint);
	sci_baseline_free(bl);
	sci_result_list_clear(&cur);
}

static void test_baseline__is_unjustified(void **state)
{
	assert_true(sci_baseline_is_unjustified(NULL));
	assert_true(sci_baseline_is_unjustified(""));
	assert_true(sci_baseline_is_unjustified("  \t\n"));
	assert_true(sci_baseline_is_unjustified(SCI_BASELINE_PLACEHOLDER));
	assert_true(sci_baseline_is_unjustified(" " SCI_BASELINE_PLACEHOLDER "\n"));
	assert_false(sci_baseline_is_unjustified("freed by the caller"));
	assert_false(sci_baseline_is_unjustified(SCI_BASELINE_PLACEHOLDER ": no, it is fine"));
}

/* ---- broken files ------------------------------------------------------ */

/*
 * Loads @text from a file; expects SCI_EINVALID with a message that names
 * the file and contains @place; the file must be unchanged and alone.
 */
static void expect_rejected(const char *text, const char *place)
{
	char *path = path_in("broken.json"), *after;
	sci_baseline *bl = (sci_baseline *)1;
	int files = count_files(dir);

	put_file(path, text);
	sci_error_clear();
	assert_int_equal(sci_baseline_load(&bl, path, 0), SCI_EINVALID);
	assert_null(bl);
	if (getenv("SCI_TEST_VERBOSE"))
		printf("%s\n", sci_error_last());
	if (strncmp(sci_error_last(), path, strlen(path)) != 0 ||
	    !strstr(sci_error_last(), place))
		fail_msg("message '%s' lacks '%s' or '%s'", sci_error_last(),
			 path, place);
	/* even with MISSING_OK, an existing broken file is an error */
	assert_int_equal(sci_baseline_load(&bl, path, SCI_BASELINE_MISSING_OK),
			 SCI_EINVALID);
	after = slurp(path);
	assert_string_equal(after, text);
	free(after);
	assert_int_equal(count_files(dir), files + 1);	/* no temporaries */
	unlink(path);
}

static void test_baseline__bad_json_names_line_and_column(void **state)
{
	char p[256];

	snprintf(p, sizeof(p), "%s:3:", path_in("broken.json"));
	expect_rejected("{\n  \"version\": 1,\n  \"findings\": [ }\n", p);
	expect_rejected("", "broken.json:");
	expect_rejected("{\"version\": 1, \"findings\": []} trailing",
			"end of file expected");
	expect_rejected("{\"version\": 1, \"version\": 1, \"findings\": []}",
			"duplicate");
}

static void test_baseline__bad_shape_is_named(void **state)
{
	char e1[512], text[2048];

	expect_rejected("[]", "expected a JSON object");
	expect_rejected("{\"findings\": []}", "missing \"version\"");
	expect_rejected("{\"version\": \"1\", \"findings\": []}",
			"\"version\" must be an integer");
	expect_rejected("{\"version\": 2, \"findings\": []}",
			"unsupported version 2");
	expect_rejected("{\"version\": 1}", "missing \"findings\"");
	expect_rejected("{\"version\": 1, \"findings\": {}}",
			"\"findings\" must be an array");
	expect_rejected("{\"version\": 1, \"findings\": [], \"extra\": 0}",
			"unknown top-level member \"extra\"");
	expect_rejected("{\"version\": 1, \"findings\": [7]}",
			"findings[0]: expected an object");

	entry_text(e1, sizeof(e1), fp_a, "r", "a.c", "f", "k", "ok");
	snprintf(text, sizeof(text),
		 "{\"version\": 1, \"findings\": [%s, {\"fingerprint\": \"%s\", "
		 "\"rule\": \"r\", \"path\": \"a.c\", \"function\": \"f\", "
		 "\"key\": \"k\", \"message\": \"m\"}]}", e1, fp_b);
	{
		char place[160];

		snprintf(place, sizeof(place),
			 "findings[1] (fingerprint %s): missing \"justification\"",
			 fp_b);
		expect_rejected(text, place);
	}
}

static void test_baseline__bad_entries_are_named(void **state)
{
	char text[2048], e1[512];

	snprintf(text, sizeof(text),
		 "{\"version\": 1, \"findings\": [{\"fingerprint\": \"%s\", "
		 "\"rule\": \"r\", \"path\": \"a.c\", \"function\": \"f\", "
		 "\"key\": \"k\", \"message\": \"m\", \"justification\": null}]}",
		 fp_a);
	expect_rejected(text, "findings[0] (fingerprint");
	expect_rejected(text, "\"justification\" is not a string");

	snprintf(text, sizeof(text),
		 "{\"version\": 1, \"findings\": [{\"fingerprint\": \"%s\", "
		 "\"rule\": \"r\", \"path\": \"a.c\", \"function\": \"f\", "
		 "\"key\": \"k\", \"message\": \"m\", \"justifcation\": \"x\"}]}",
		 fp_a);
	expect_rejected(text, "findings[0] (fingerprint");
	expect_rejected(text, "unknown member \"justifcation\"");

	entry_text(e1, sizeof(e1), "ABC", "r", "a.c", "f", "k", "ok");
	snprintf(text, sizeof(text), "{\"version\": 1, \"findings\": [%s]}", e1);
	expect_rejected(text, "64 lowercase hex digits");

	entry_text(e1, sizeof(e1), "", "r", "a.c", "f", "k", "ok");
	snprintf(text, sizeof(text), "{\"version\": 1, \"findings\": [%s]}", e1);
	expect_rejected(text, "findings[0]");
}

static void test_baseline__duplicate_fingerprints_are_named(void **state)
{
	char e[4][512], text[4096], place[160];

	entry_text(e[0], sizeof(e[0]), fp_a, "r", "a.c", "f", "k", "one");
	entry_text(e[1], sizeof(e[1]), fp_b, "r", "a.c", "g", "k", "two");
	entry_text(e[2], sizeof(e[2]), fp_b, "r", "a.c", "g", "k", "three");
	entry_text(e[3], sizeof(e[3]), fp_a, "r", "a.c", "f", "k", "four");
	snprintf(text, sizeof(text), "{\"version\": 1, \"findings\": [%s,%s,%s,%s]}",
		 e[0], e[1], e[2], e[3]);
	/* the first duplicate in file order is findings[2] (of findings[1]) */
	snprintf(place, sizeof(place),
		 "findings[2]: duplicate fingerprint %s (also findings[1])", fp_b);
	expect_rejected(text, place);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_baseline__save_writes_the_documented_format),
		T(test_baseline__round_trip_is_byte_stable),
		T(test_baseline__find_by_fingerprint),
		T(test_baseline__missing_file),
		T(test_baseline__save_creates_directory_atomically),
		T(test_baseline__save_failure_keeps_old_file),
		T(test_baseline__non_utf8_strings_are_saved_as_valid_json),
		T(test_baseline__update_keeps_reasons_and_adds_placeholders),
		T(test_baseline__update_rejects_results_without_fingerprint),
		T(test_baseline__prune_drops_stale_and_never_adds),
		T(test_baseline__check_finds_stale_and_missing_reasons),
		T(test_baseline__update_of_a_subset_keeps_the_rest),
		T(test_baseline__prune_and_check_of_a_subset),
		T(test_baseline__entries_follow_a_renamed_file),
		T(test_baseline__rename_with_heavy_edits),
		T(test_baseline__gone_file_matches_by_key),
		T(test_baseline__rename_of_a_hand_edited_entry),
		T(test_baseline__is_unjustified),
		T(test_baseline__bad_json_names_line_and_column),
		T(test_baseline__bad_shape_is_named),
		T(test_baseline__bad_entries_are_named),
		T(test_baseline__duplicate_fingerprints_are_named),
	};
#undef T

	return cmocka_run_group_tests_name("baseline/baseline", tests, NULL, NULL);
}
