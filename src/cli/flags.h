/*
 * flags.h - turns a compiler's command line into flags sparse can take.
 *
 * sparse ignores options it does not know, except that the argument of an
 * unknown two-word option (-iquote DIR, -L DIR, -Xlinker X) becomes an input
 * file and kills it (sparse-notes §5.9), and that an unknown -std= value is
 * fatal.  So this keeps -I -D -U -include -imacros -isystem -idirafter
 * and -std=, in both joined and separate forms, and the few options that
 * change what gcc predefines or how big the types are (-O..., -fPIC and
 * friends, -funsigned-char, -m32 and friends, -ansi; -pthread becomes
 * -D_REENTRANT; -Wp,-D... is unpacked), and drops everything else
 * together with its argument: warnings, debug info, code generation,
 * dependency files (-MD -MF x), the output (-o x), linker options.  It
 * does not add the defaults every TU gets (-std=gnu17 and friends); the
 * planner does.  README.md's option table gives the rules to users.
 */
#ifndef SCI_CLI_FLAGS_H
#define SCI_CLI_FLAGS_H

#include <stddef.h>
#include "cli/strv.h"

/**
 * Appends to @out the sparse flags found in @args[0..@nargs) (compiler
 * arguments without the compiler itself), each in separate form ("-I",
 * "dir"), except -std=X, which is one word.  Relative -I, -isystem and
 * -idirafter directories are made absolute against @base_dir unless it is
 * NULL.  -include/-imacros files are left alone: gcc looks for them in the
 * working directory first, and the worker runs in @base_dir.  Non-option
 * words (the source file, objects) are dropped.  A kept option whose
 * argument is missing is dropped.
 */
void sci_flags_sanitize(sci_strv *out, char *const *args, size_t nargs,
			const char *base_dir);

/* What sci_flags_accepts() says about a word. */
enum {
	SCI_FLAG_UNKNOWN = 0,	/* not a compiler option smatch-ci takes */
	SCI_FLAG_WORD = 1,	/* an option of one word */
	SCI_FLAG_WITH_ARG = 2	/* the next word is its argument (-MF x, -o x) */
};

/**
 * Whether smatch-ci's own command line takes @word as a compiler option
 * besides -I -D -U -include -imacros -isystem -idirafter -std= (which
 * options.c parses itself), and whether it has a separate argument.  What
 * such an option then means is up to sci_flags_sanitize(), as for a
 * compile command: a build's flags can be pasted as they are.
 */
int sci_flags_accepts(const char *word);

/**
 * Maps a -std= value to one sparse 0.6.4 accepts: c2x, gnu2x, c23 and gnu23
 * become "gnu17"; dialects sparse knows are returned unchanged.
 *
 * Returns: borrowed (@value or a literal), or NULL for a dialect sparse does
 * not know (such as c++17), which must be dropped.
 */
const char *sci_flags_map_std(const char *value);

#endif
