/*
 * options.c - command-line parsing (see options.h).  Hand-written rather
 * than getopt_long: compiler-style flags (-include, -isystem, -std=) are
 * single-dash words that getopt would read as bundles of letters.
 */
#include "cli/options.h"
#include "cli/explain.h"
#include "cli/flags.h"
#include "cli/memlimit.h"
#include "cli/shard.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SCI_VERSION
#define SCI_VERSION "0.0.0"
#endif

#define MAX_TU_TIMEOUT (7u * 24 * 3600)

static const char usage[] =
"usage: smatch-ci [check] [options] FILE...\n"
"       smatch-ci [check] [options] -p compile_commands.json [FILE...]\n"
"       smatch-ci [check] --baseline REF [options]\n"
"       smatch-ci baseline update|prune|check [options]\n"
"       smatch-ci db build [options] FILE... | -p compile_commands.json\n"
"       smatch-ci db show FUNCTION | db stats [--db FILE]\n"
"       smatch-ci [check] --shard K/N --results FILE [options]\n"
"       smatch-ci merge [report and gate options] RESULTS...\n"
"       smatch-ci db build --shard K/N ...; smatch-ci merge --db OUT DB...\n"
"\n"
"Analyzes C translation units and reports findings, one per line:\n"
"  path:line function() level: message [rule-id]\n"
"\n"
"Input:\n"
"  -p PATH               analyze every TU of a compilation database (the file,\n"
"                        or the directory holding compile_commands.json);\n"
"                        FILE... then selects some of its TUs\n"
"  -I DIR, -D NAME[=V], -U NAME, -include FILE, -imacros FILE,\n"
"  -isystem DIR, -idirafter DIR, -std=DIALECT\n"
"                        preprocessor flags for every TU\n"
"  -O2, -g, -Wall, -fPIC, -m32, -c, -o FILE, -MD -MF FILE, ...\n"
"                        other compiler flags, taken as gcc would: those\n"
"                        that change predefined macros or type sizes are\n"
"                        kept, the rest ignored (see README.md)\n"
"Checks:\n"
"  --list-checks         list the checks and exit\n"
"  --enable RULE,...     run these checks too ('all' for every check)\n"
"  --disable RULE,...    do not run these checks ('all' for every check)\n"
"  --plugin FILE.so      load a project's own checkers from a shared object\n"
"                        built against <smatch-ci/checker.h> (repeatable;\n"
"                        docs/plugins.md); also give it to merge\n"
"Output:\n"
"  --json FILE           also write one JSON object per finding per line\n"
"                        ('-': stdout, instead of the text report)\n"
"  --fail-level LEVEL    note, warning (default) or error: the lowest level\n"
"                        of findings that makes the run fail\n"
"  --explain FILE:LINE, --explain FINGERPRINT\n"
"                        instead of the text report, print the findings at\n"
"                        that line (or with that fingerprint, or its first\n"
"                        8+ digits) with the path that led to each: where\n"
"                        the value came from, the branches taken; exit 2\n"
"                        when the run has no such finding\n"
"Gate (in a git repository):\n"
"  --baseline REF        compare with the merge base of HEAD and REF: only new\n"
"                        findings fail the run (also --base-sha SHA)\n"
"  --baseline-file PATH  the reviewed baseline (default .smatch-ci/baseline.json)\n"
"  --fail-on SPEC        touched (default: new findings on changed lines), new,\n"
"                        any or none, optionally :LEVEL (e.g. new:error)\n"
"  --sarif FILE, --sarif-suppressed FILE, --gitlab FILE, --markdown FILE\n"
"                        SARIF 2.1.0, GitLab Code Quality, Markdown summary\n"
"  --category NAME       SARIF automationDetails category (default smatch-ci)\n"
"  --allow-unanalyzed    a changed translation unit that cannot be analyzed\n"
"                        does not fail the gate (the run still exits 3)\n"
"  --cache FILE, --no-cache\n"
"                        base results cache (default .smatch-ci/cache.sqlite)\n"
"  --db FILE             project database: function summaries and results\n"
"                        of every TU, kept between runs (default\n"
"                        .smatch-ci/db.sqlite; --no-cache: none)\n"
"  --cache-max-mb MB     keep each of the cache and the database under this\n"
"                        size, dropping what was least recently used\n"
"                        (default 512; 0: no bound)\n"
"  -q, --quiet           print only the verdict line (no progress line)\n"
"  --progress            show the progress line on stderr even when it is\n"
"                        not a terminal (then a line every 5 s and one per\n"
"                        phase); on a terminal it is shown unless -q\n"
"Sharding (docs/results-file.md):\n"
"  --shard K/N           analyze the K-th of N shares of the TUs (and the\n"
"                        summaries of all of them); exit 0 once written\n"
"  --results FILE        where --shard writes the findings, for merge\n"
"  merge RESULTS...      join the N shards' files into one verdict and one\n"
"                        set of reports (the report and gate options above)\n"
"Execution:\n"
"  -j N, --jobs N        parallel workers (default: number of online cores)\n"
"  --config FILE         the configuration file (default: .smatch-ci.json\n"
"                        at the root of the git repository, if any;\n"
"                        docs/config.md): profile, checks, excludes\n"
"  --no-config           read no configuration file\n"
"  --profile FILE        project profile (JSON): the project's allocators,\n"
"                        deallocators, noreturn functions and functions\n"
"                        that never return NULL, added to the config's\n"
"  --tu-timeout SECONDS  kill the analysis of one TU after this long\n"
"                        (default 300; 0: no limit)\n"
"  --tu-memory MB        memory one TU may take besides what the worker\n"
"                        inherits (default 1024; 0: no limit); over it the\n"
"                        TU fails, naming the function\n"
"  -h, --help            show this help and exit\n"
"  --version             show the version and exit\n"
"\n"
"Exit status: 0 no findings at or above the fail level, 1 findings (with a\n"
"base: the gate failed; it wins over 3), 2 usage or configuration error,\n"
"3 analysis incomplete (a TU failed) and nothing else failed.\n";

const char *sci_cli_usage(void)
{
	return usage;
}

const char *sci_cli_version(void)
{
	return SCI_VERSION;
}

void sci_cli_options_free(sci_cli_options *o)
{
	size_t i;

	if (!o)
		return;
	sci_strv_clear(&o->files);
	sci_strv_clear(&o->flags);
	free(o->compdb);
	free(o->json);
	free(o->profile);
	free(o->config);
	sci_strv_clear(&o->plugins);
	free(o->base_ref);
	free(o->base_sha);
	free(o->baseline_file);
	free(o->fail_on);
	free(o->sarif);
	free(o->sarif_suppressed);
	free(o->gitlab);
	free(o->markdown);
	free(o->category);
	free(o->explain);
	free(o->cache);
	free(o->db);
	free(o->results);
	for (i = 0; i < o->nrule_ops; i++)
		free(o->rule_ops[i].rule);
	free(o->rule_ops);
	free(o);
}

/* The parser's cursor over argv. */
typedef struct {
	int argc;
	char **argv;
	int i;		/* index of the current word */
} cursor;

/*
 * Matches the current word against a long option @name that takes a value,
 * as "--name VALUE" or "--name=VALUE".  Returns 1 and sets *value on a
 * match, 0 if the word is another option, or SCI_EINVALID if the value is
 * missing.
 */
static int long_value(const char **value, cursor *c, const char *name)
{
	const char *w = c->argv[c->i];
	size_t n = strlen(name);

	if (strncmp(w, name, n) != 0)
		return 0;
	if (w[n] == '=') {
		*value = w + n + 1;
		return 1;
	}
	if (w[n])
		return 0;
	if (c->i + 1 >= c->argc)
		return sci_error_set(SCI_EINVALID,
				     "option '%s' needs an argument", name);
	*value = c->argv[++c->i];
	return 1;
}

/*
 * Matches a short option @name whose value may be joined ("-jN", "-Idir")
 * or the next word ("-j N").  Same results as long_value().
 */
static int short_value(const char **value, cursor *c, const char *name)
{
	const char *w = c->argv[c->i];
	size_t n = strlen(name);

	if (strncmp(w, name, n) != 0)
		return 0;
	if (w[n]) {
		*value = w + n;
		return 1;
	}
	if (c->i + 1 >= c->argc)
		return sci_error_set(SCI_EINVALID,
				     "option '%s' needs an argument", name);
	*value = c->argv[++c->i];
	return 1;
}

/* Only the whole word @name, with its value in the next word. */
static int word_value(const char **value, cursor *c, const char *name)
{
	if (strcmp(c->argv[c->i], name) != 0)
		return 0;
	if (c->i + 1 >= c->argc)
		return sci_error_set(SCI_EINVALID,
				     "option '%s' needs an argument", name);
	*value = c->argv[++c->i];
	return 1;
}

static int parse_uint(unsigned *out, const char *s, unsigned min,
		      unsigned max, const char *opt)
{
	unsigned long v;
	char *end;

	if (!*s || strspn(s, "0123456789") != strlen(s))
		goto bad;
	v = strtoul(s, &end, 10);
	if (*end || v < min || v > max)
		goto bad;
	*out = (unsigned)v;
	return 0;
bad:
	return sci_error_set(SCI_EINVALID,
			     "option '%s' needs a number from %u to %u, not '%s'",
			     opt, min, max, s);
}

static int add_rules(sci_cli_options *o, const char *list, int enable)
{
	const char *opt = enable ? "--enable" : "--disable";
	const char *p = list, *comma;
	size_t n;

	for (;;) {
		comma = strchr(p, ',');
		n = comma ? (size_t)(comma - p) : strlen(p);
		if (n == 0)
			return sci_error_set(SCI_EINVALID,
					     "empty rule name in '%s %s'", opt,
					     list);
		o->rule_ops = sci_realloc(o->rule_ops, (o->nrule_ops + 1) *
					  sizeof(*o->rule_ops));
		o->rule_ops[o->nrule_ops].enable = enable;
		o->rule_ops[o->nrule_ops].rule = sci_malloc(n + 1);
		memcpy(o->rule_ops[o->nrule_ops].rule, p, n);
		o->rule_ops[o->nrule_ops].rule[n] = '\0';
		o->nrule_ops++;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

static int add_std(sci_cli_options *o, const char *value)
{
	const char *std = sci_flags_map_std(value);

	if (!std)
		return sci_error_set(SCI_EINVALID,
				     "unsupported C dialect '-std=%s'", value);
	sci_strv_push_take(&o->flags, sci_printf_dup("-std=%s", std));
	return 0;
}

static void add_flag(sci_cli_options *o, const char *name, const char *value)
{
	sci_strv_push(&o->flags, name);
	sci_strv_push(&o->flags, value);
}

static void set_string(char **slot, const char *value)
{
	free(*slot);
	*slot = sci_strdup(value);
}

/*
 * Compiler-style flags.  Returns 1 if the word was one, 0 if not, or a
 * negative error.
 */
static int parse_compiler_flag(sci_cli_options *o, cursor *c)
{
	static const char *const joinable[] = { "-I", "-D", "-U" };
	static const char *const separate[] = {
		"-include", "-imacros", "-isystem", "-idirafter"
	};
	const char *w = c->argv[c->i], *v;
	size_t k;
	int r;

	if (strncmp(w, "-std=", 5) == 0)
		return add_std(o, w + 5) < 0 ? SCI_EINVALID : 1;
	/* a build's flags pasted as they are: -O2 -g -Wall -MD -MF x -o y */
	switch (sci_flags_accepts(w)) {
	case SCI_FLAG_WORD:
		sci_strv_push(&o->flags, w);
		return 1;
	case SCI_FLAG_WITH_ARG:
		if ((r = word_value(&v, c, w)) < 0)
			return r;
		add_flag(o, w, v);
		return 1;
	default:
		break;
	}
	for (k = 0; k < sizeof(separate) / sizeof(separate[0]); k++) {
		if ((r = word_value(&v, c, separate[k])) != 0) {
			if (r < 0)
				return r;
			add_flag(o, separate[k], v);
			return 1;
		}
	}
	for (k = 0; k < sizeof(joinable) / sizeof(joinable[0]); k++) {
		if ((r = short_value(&v, c, joinable[k])) != 0) {
			if (r < 0)
				return r;
			if (!*v)
				return sci_error_set(SCI_EINVALID,
						     "option '%s' needs a non-empty argument",
						     joinable[k]);
			add_flag(o, joinable[k], v);
			return 1;
		}
	}
	return 0;
}

/* Options with a value.  Same results as parse_compiler_flag(). */
static int parse_valued(sci_cli_options *o, cursor *c)
{
	const char *v;
	int r;

	if ((r = word_value(&v, c, "-p")) != 0) {
		if (r < 0)
			return r;
		if (o->compdb)
			return sci_error_set(SCI_EINVALID,
					     "option '-p' may be given only once");
		if (!*v)
			return sci_error_set(SCI_EINVALID,
					     "option '-p' needs a non-empty path");
		o->compdb = sci_strdup(v);
		return 1;
	}
	if ((r = long_value(&v, c, "--json")) != 0) {
		if (r < 0)
			return r;
		if (!*v)
			return sci_error_set(SCI_EINVALID,
					     "option '--json' needs a file name or '-'");
		set_string(&o->json, v);
		return 1;
	}
	{
		static const struct {
			const char *name;
			size_t offset;
		} strings[] = {
			{ "--baseline", offsetof(sci_cli_options, base_ref) },
			{ "--base-sha", offsetof(sci_cli_options, base_sha) },
			{ "--baseline-file", offsetof(sci_cli_options, baseline_file) },
			{ "--fail-on", offsetof(sci_cli_options, fail_on) },
			{ "--sarif", offsetof(sci_cli_options, sarif) },
			{ "--sarif-suppressed", offsetof(sci_cli_options, sarif_suppressed) },
			{ "--gitlab", offsetof(sci_cli_options, gitlab) },
			{ "--markdown", offsetof(sci_cli_options, markdown) },
			{ "--category", offsetof(sci_cli_options, category) },
			{ "--cache", offsetof(sci_cli_options, cache) },
			{ "--db", offsetof(sci_cli_options, db) },
			{ "--results", offsetof(sci_cli_options, results) },
			{ "--config", offsetof(sci_cli_options, config) },
		};
		size_t k;

		for (k = 0; k < sizeof(strings) / sizeof(strings[0]); k++) {
			if ((r = long_value(&v, c, strings[k].name)) == 0)
				continue;
			if (r < 0)
				return r;
			if (!*v)
				return sci_error_set(SCI_EINVALID,
						     "option '%s' needs a value",
						     strings[k].name);
			set_string((char **)((char *)o + strings[k].offset), v);
			return 1;
		}
	}
	if ((r = long_value(&v, c, "--explain")) != 0) {
		if (r < 0)
			return r;
		if (sci_explain_spec_check(v) < 0)
			return SCI_EINVALID;
		set_string(&o->explain, v);
		return 1;
	}
	if ((r = long_value(&v, c, "--shard")) != 0) {
		if (r < 0)
			return r;
		return sci_shard_parse(&o->shard_k, &o->shard_n, v) < 0 ?
		       SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--profile")) != 0) {
		if (r < 0)
			return r;
		if (!*v)
			return sci_error_set(SCI_EINVALID,
					     "option '--profile' needs a file name");
		set_string(&o->profile, v);
		return 1;
	}
	if ((r = long_value(&v, c, "--plugin")) != 0) {
		if (r < 0)
			return r;
		if (!*v)
			return sci_error_set(SCI_EINVALID,
					     "option '--plugin' needs a file name");
		sci_strv_push(&o->plugins, v);
		return 1;
	}
	if ((r = short_value(&v, c, "-j")) != 0 ||
	    (r = long_value(&v, c, "--jobs")) != 0) {
		if (r < 0)
			return r;
		return parse_uint(&o->jobs, v, 1, SCI_CLI_MAX_JOBS,
				  "-j") < 0 ? SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--tu-timeout")) != 0) {
		if (r < 0)
			return r;
		return parse_uint(&o->tu_timeout, v, 0, MAX_TU_TIMEOUT,
				  "--tu-timeout") < 0 ? SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--cache-max-mb")) != 0) {
		if (r < 0)
			return r;
		return parse_uint(&o->cache_max_mb, v, 0,
				  SCI_CLI_MAX_CACHE_MAX_MB,
				  "--cache-max-mb") < 0 ? SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--tu-memory")) != 0) {
		if (r < 0)
			return r;
		return parse_uint(&o->tu_memory, v, 0, SCI_CLI_MAX_TU_MEMORY,
				  "--tu-memory") < 0 ? SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--fail-level")) != 0) {
		if (r < 0)
			return r;
		if (sci_level_parse(&o->fail_level, v) < 0)
			return sci_error_set(SCI_EINVALID,
					     "option '--fail-level' needs note, warning or error, not '%s'",
					     v);
		return 1;
	}
	if ((r = long_value(&v, c, "--enable")) != 0) {
		if (r < 0)
			return r;
		return add_rules(o, v, 1) < 0 ? SCI_EINVALID : 1;
	}
	if ((r = long_value(&v, c, "--disable")) != 0) {
		if (r < 0)
			return r;
		return add_rules(o, v, 0) < 0 ? SCI_EINVALID : 1;
	}
	return parse_compiler_flag(o, c);
}

static int parse_word(sci_cli_options *o, cursor *c)
{
	const char *w = c->argv[c->i];
	int r;

	if (strcmp(w, "-h") == 0 || strcmp(w, "--help") == 0) {
		o->help = 1;
		return 0;
	}
	if (strcmp(w, "--version") == 0) {
		o->version = 1;
		return 0;
	}
	if (strcmp(w, "--list-checks") == 0) {
		o->list_checks = 1;
		return 0;
	}
	if (strcmp(w, "--quiet") == 0 || strcmp(w, "-q") == 0) {
		o->quiet = 1;
		return 0;
	}
	if (strcmp(w, "--progress") == 0) {
		o->progress = 1;
		return 0;
	}
	if (strcmp(w, "--no-cache") == 0) {
		o->no_cache = 1;
		return 0;
	}
	if (strcmp(w, "--no-config") == 0) {
		o->no_config = 1;
		return 0;
	}
	if (strcmp(w, "--allow-unanalyzed") == 0) {
		o->allow_unanalyzed = 1;
		return 0;
	}
	if ((r = parse_valued(o, c)) != 0)
		return r < 0 ? r : 0;
	return sci_error_set(SCI_EINVALID, "unknown option '%s'", w);
}

/*
 * `WORD VERB`: the verb after the command word at argv[c->i] picks the
 * command @first + its index in @verbs (NULL-terminated).
 */
static int take_verb(cursor *c, char **argv, int argc,
		     const char *const *verbs, const char *word,
		     sci_cli_command first, sci_cli_command *out)
{
	int k;

	c->i++;
	for (k = 0; verbs[k] && c->i < argc; k++)
		if (strcmp(argv[c->i], verbs[k]) == 0)
			break;
	if (c->i >= argc || !verbs[k]) {
		char list[128] = "";

		for (k = 0; verbs[k]; k++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
				 "%s%s", k == 0 ? "" : verbs[k + 1] ? ", " : " or ",
				 verbs[k]);
		return sci_error_set(SCI_EINVALID, "'%s' needs %s", word, list);
	}
	*out = (sci_cli_command)(first + k);
	c->i++;
	return 0;
}

int sci_cli_options_parse(sci_cli_options **out, int argc, char **argv)
{
	sci_cli_options *o = sci_calloc(1, sizeof(*o));
	cursor c = { argc, argv, 1 };
	int only_files = 0;
	int error = 0;

	*out = NULL;
	o->tu_timeout = SCI_CLI_DEFAULT_TU_TIMEOUT;
	o->tu_memory = SCI_CLI_DEFAULT_TU_MEMORY;
	o->cache_max_mb = SCI_CLI_DEFAULT_CACHE_MAX_MB;
	o->fail_level = SCI_LEVEL_WARNING;
	if (c.i < argc && strcmp(argv[c.i], "check") == 0) {
		c.i++;
	} else if (c.i < argc && strcmp(argv[c.i], "merge") == 0) {
		o->command = SCI_CMD_MERGE;
		c.i++;
	} else if (c.i < argc && strcmp(argv[c.i], "baseline") == 0) {
		static const char *const verbs[] = { "update", "prune", "check", NULL };

		if ((error = take_verb(&c, argv, argc, verbs, "baseline",
				       SCI_CMD_BASELINE_UPDATE, &o->command)) < 0)
			goto done;
	} else if (c.i < argc && strcmp(argv[c.i], "db") == 0) {
		static const char *const verbs[] = { "build", "show", "stats", NULL };

		if ((error = take_verb(&c, argv, argc, verbs, "db",
				       SCI_CMD_DB_BUILD, &o->command)) < 0)
			goto done;
	}
	for (; c.i < argc; c.i++) {
		const char *w = argv[c.i];

		if (only_files || w[0] != '-') {
			if (!*w) {
				error = sci_error_set(SCI_EINVALID,
						      "empty file name");
				goto done;
			}
			sci_strv_push(&o->files, w);
		} else if (strcmp(w, "--") == 0) {
			only_files = 1;
		} else if (strcmp(w, "-") == 0) {
			error = sci_error_set(SCI_EINVALID,
					      "reading a file from standard input is not supported");
			goto done;
		} else if ((error = parse_word(o, &c)) < 0) {
			goto done;
		}
	}
	*out = o;
	o = NULL;
done:
	sci_cli_options_free(o);
	return error;
}
