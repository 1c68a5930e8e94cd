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

/*
 * -f and -m options that change what the preprocessor defines or what
 * the types are (__PIC__, char signedness, long size, byte order), in the
 * spelling sparse understands; every other -f/-m option is code
 * generation only, or something sparse does not model, and is dropped.
 */
static const char *const f_semantic[] = {
	"pic", "PIC", "pie", "PIE", "signed-char", "unsigned-char",
	"short-wchar", "signed-bitfields", "unsigned-bitfields",
	"freestanding", "hosted", NULL
};
/* -f options that take "no-" as sparse expects (not -fno-pic: below) */
static const char *const f_negatable[] = {
	"signed-char", "unsigned-char", "short-wchar", "signed-bitfields",
	"unsigned-bitfields", "freestanding", "hosted", NULL
};
static const char *const m_semantic[] = {
	"64", "32", "31", "16", "x32", "size-llp64", "size-long",
	"big-endian", "little-endian", "hard-float", "soft-float", NULL
};
static const char *const m_semantic_prefix[] = {
	"arch=", "cmodel=", "float-abi=", NULL
};

/*
 * One-word options gcc accepts that do not change the meaning of the
 * source, besides the -W, -g, -f, -m and -O families: accepted and dropped.
 */
static const char *const drop_word[] = {
	"-c", "-S", "-E", "-pipe", "-w", "-pedantic", "-pedantic-errors",
	"-M", "-MM", "-MD", "-MMD", "-MG", "-MP", "-v", "-s", "-shared",
	"-static", "-rdynamic", "-no-pie", "-pie", "-nostdlib",
	"-nostartfiles", "-nodefaultlibs", "-save-temps", "-fsyntax-only",
	"-undef", NULL
};

static int in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static int has_prefix_in(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strncmp(s, *list, strlen(*list)) == 0)
			return 1;
	return 0;
}

int sci_flags_accepts(const char *word)
{
	if (in_list(drop_with_arg, word))
		return SCI_FLAG_WITH_ARG;
	if (in_list(drop_word, word) || strcmp(word, "-ansi") == 0 ||
	    strcmp(word, "-nostdinc") == 0 || strcmp(word, "-pthread") == 0)
		return SCI_FLAG_WORD;
	if (word[0] != '-')
		return SCI_FLAG_UNKNOWN;
	switch (word[1]) {
	case 'O':
	case 'g':
	case 'W':
		return SCI_FLAG_WORD;
	case 'f':
	case 'm':
		return word[2] ? SCI_FLAG_WORD : SCI_FLAG_UNKNOWN;
	case 'o':	/* -ofile */
	case 'x':	/* -xc */
		return SCI_FLAG_WORD;
	default:
		return SCI_FLAG_UNKNOWN;
	}
}

/* The sparse spelling of a -f option, or NULL to drop it. */
static const char *f_option(const char *a)
{
	const char *name = a + 2;

	if (strncmp(name, "no-", 3) == 0)
		return in_list(f_negatable, name + 3) ? a : NULL;
	return in_list(f_semantic, name) ? a : NULL;
}

/* Removes the earlier @a and @b from @out[from..]: gcc's last one wins. */
static void remove_earlier(sci_strv *out, size_t from, const char *a,
			   const char *b)
{
	size_t i = from;

	while (i < out->n) {
		if (strcmp(out->v[i], a) == 0 || strcmp(out->v[i], b) == 0)
			sci_strv_remove(out, i);
		else
			i++;
	}
}

/*
 * -O, -f, -m, -ansi, -pthread: kept when they change the meaning of the
 * source (as gcc would for its predefined macros), else dropped.  Returns
 * 1 if @a was one of these.
 */
static int take_semantic(sci_strv *out, size_t from, const char *a)
{
	const char *keep_as = NULL;

	if (a[1] == 'O') {
		/* __OPTIMIZE__, __OPTIMIZE_SIZE__; sparse knows no -Oz */
		keep_as = strcmp(a, "-Oz") == 0 ? "-Os" : a;
	} else if (a[1] == 'f' && a[2]) {
		/* sparse's -fno-pic would turn PIC on: drop the earlier one */
		if (strcmp(a, "-fno-pic") == 0 || strcmp(a, "-fno-PIC") == 0) {
			remove_earlier(out, from, "-fpic", "-fPIC");
			return 1;
		}
		if (strcmp(a, "-fno-pie") == 0 || strcmp(a, "-fno-PIE") == 0) {
			remove_earlier(out, from, "-fpie", "-fPIE");
			return 1;
		}
		keep_as = f_option(a);
	} else if (a[1] == 'm' && a[2]) {
		if (in_list(m_semantic, a + 2) ||
		    has_prefix_in(m_semantic_prefix, a + 2))
			keep_as = a;
	} else if (strcmp(a, "-ansi") == 0) {
		keep_as = a;
	} else if (strcmp(a, "-pthread") == 0) {
		keep_as = "-D_REENTRANT";	/* what gcc defines for it */
	} else {
		return 0;
	}
	if (keep_as)
		sci_strv_push(out, keep_as);
	return 1;
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

/* -Wp,-DX,-UY: options for the preprocessor, as if given directly. */
static void take_wp(sci_strv *out, const char *list, const char *base_dir)
{
	sci_strv words = { 0 };
	const char *p = list, *comma;

	for (;;) {
		comma = strchr(p, ',');
		sci_strv_push_take(&words, comma ?
				   sci_printf_dup("%.*s", (int)(comma - p), p) :
				   sci_strdup(p));
		if (!comma)
			break;
		p = comma + 1;
	}
	sci_flags_sanitize(out, words.v, words.n, base_dir);
	sci_strv_clear(&words);
}

void sci_flags_sanitize(sci_strv *out, char *const *args, size_t nargs,
			const char *base_dir)
{
	size_t i, from = out->n;

	for (i = 0; i < nargs; i++) {
		const char *a = args[i];

		if (a[0] != '-' || !a[1])
			continue;
		if (strncmp(a, "-Wp,", 4) == 0) {
			take_wp(out, a + 4, base_dir);
			continue;
		}
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
		/* before the kept prefixes: "-undef" is not "-U ndef" */
		if (in_list(drop_word, a))
			continue;
		if (take_kept(out, args, nargs, &i, base_dir))
			continue;
		take_semantic(out, from, a);
	}
}
