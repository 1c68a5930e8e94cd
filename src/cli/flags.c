/* flags.c - compiler flags to sparse flags (see flags.h for the rules). */
#include "cli/flags.h"
#include "cli/paths.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Options sparse does not take whose argument is the next word. */
static const char *const drop_with_arg[] = {
	"-o", "-x", "-iquote", "-imultilib", "-imultiarch", "-iprefix",
	"-iwithprefix", "-iwithprefixbefore", "-isysroot", "-include-pch",
	"-ivfsoverlay", "-iframework", "-iwithsysroot", "-cxx-isystem", "-isystem-after", "-L", "-l", "-F",
	"-B", "-u", "-T", "-z", "-e", "-G", "-Xlinker", "-Xassembler",
	"-Xpreprocessor", "-Xclang", "-mllvm", "-MF", "-MT", "-MQ", "-MJ",
	"-arch", "-target", "-gcc-toolchain", "--sysroot", "--param",
	"-aux-info", "-dumpbase", "-dumpdir", "-specs", "-framework",
	"-install_name", "--serialize-diagnostics", NULL
};

/* Kept options whose argument may also be joined ("-Idir"). */
enum kind { K_DIR, K_MACRO, K_FILE };
static const struct {
	const char *name;
	enum kind kind;
} keep[] = {
	{ "-I", K_DIR },
	{ "-D", K_MACRO },
	{ "-U", K_MACRO },
	{ "-include", K_FILE },
	{ "-imacros", K_FILE },
	{ "-isystem", K_DIR },
	{ "-idirafter", K_DIR },
};

static const char *const sparse_stds[] = {
	"c89", "c90", "iso9899:1990", "iso9899:199409", "c99", "c9x",
	"iso9899:1999", "iso9899:199x", "gnu89", "gnu90", "gnu99", "gnu9x",
	"c11", "c1x", "iso9899:2011", "gnu11", "gnu1x", "c17", "c18",
	"iso9899:2017", "iso9899:2018", "gnu17", "gnu18", NULL
};

static const char *const newer_stds[] = {
	"c2x", "gnu2x", "c23", "gnu23", NULL
};

static int in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

const char *sci_flags_map_std(const char *value)
{
	if (in_list(newer_stds, value))
		return "gnu17";
	if (in_list(sparse_stds, value))
		return value;
	return NULL;
}

static void push_kept(sci_strv *out, const char *name, enum kind kind,
		      const char *value, const char *base_dir)
{
	if (!*value)
		return;
	sci_strv_push(out, name);
	/* "-I-" is sparse's (and old gcc's) include split, not a path */
	if (kind == K_DIR && base_dir && strcmp(value, "-") != 0)
		sci_strv_push_take(out, sci_path_join_dup(base_dir, value));
	else
		sci_strv_push(out, value);
}

/*
 * Handles @args[*i] if it is a kept option; returns 1 if so (advancing *i
 * past a separate argument), else 0.
 */
static int take_kept(sci_strv *out, char *const *args, size_t nargs,
		     size_t *i, const char *base_dir)
{
	const char *a = args[*i];
	size_t k, len;

	for (k = 0; k < sizeof(keep) / sizeof(keep[0]); k++) {
		len = strlen(keep[k].name);
		if (strncmp(a, keep[k].name, len) != 0)
			continue;
		if (a[len]) {
			push_kept(out, keep[k].name, keep[k].kind, a + len,
				  base_dir);
		} else if (*i + 1 < nargs) {
			(*i)++;
			push_kept(out, keep[k].name, keep[k].kind, args[*i],
				  base_dir);
		}
		return 1;
	}
	return 0;
}

static void take_std(sci_strv *out, const char *value)
{
	const char *std = sci_flags_map_std(value);

	if (std)
		sci_strv_push_take(out, sci_printf_dup("-std=%s", std));
}

void sci_flags_sanitize(sci_strv *out, char *const *args, size_t nargs,
			const char *base_dir)
{
	size_t i;

	for (i = 0; i < nargs; i++) {
		const char *a = args[i];

		if (a[0] != '-' || !a[1])
			continue;
		/* before the kept prefixes: "-include-pch" is not "-include" */
		if (in_list(drop_with_arg, a)) {
			i++;
			continue;
		}
		if (strncmp(a, "-std=", 5) == 0) {
			take_std(out, a + 5);
			continue;
		}
		if (strncmp(a, "--std=", 6) == 0) {
			take_std(out, a + 6);
			continue;
		}
		/* kernel-style builds supply every header themselves */
		if (strcmp(a, "-nostdinc") == 0) {
			sci_strv_push(out, a);
			continue;
		}
		take_kept(out, args, nargs, &i, base_dir);
	}
}
