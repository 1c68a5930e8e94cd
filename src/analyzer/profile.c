/*
 * profile.c - what well-known functions do with memory: the built-in
 * "generic" profile (libc, POSIX), extended by the project profile
 * (--profile FILE: allocators, deallocators, noreturn, returns_nonnull).
 */
#include "analyzer/engine_int.h"

#include <stdlib.h>
#include <string.h>

static const char *const allocators[] = {
	"malloc", "calloc", "realloc", "reallocarray", "strdup", "strndup",
	"aligned_alloc", "memalign", "valloc", "pvalloc",
	NULL
};

/* A function and one of its arguments (0-based). */
typedef struct {
	const char *name;
	int arg;
} name_arg;

static const name_arg freers[] = {
	{ "free", 0 }, { "realloc", 0 }, { "reallocarray", 0 },
	{ NULL, 0 }
};

static const char *const *merged_allocators = allocators;

/*
 * Functions whose pointer result is NULL when they fail or find nothing
 * (besides the allocators above); null-deref wants them checked.
 */
static const char *const maybe_null[] = {
	"wcsdup", "fopen", "fdopen", "freopen", "tmpfile", "popen", "opendir",
	"fdopendir", "getenv", "secure_getenv", "strchr", "strrchr", "strstr",
	"strcasestr", "strpbrk", "memchr", "memrchr", "bsearch",
	NULL
};

/*
 * Allocators that never return NULL: they abort (or longjmp) on failure.
 * The project profile's "returns_nonnull" adds to this list.
 */
static const char *const returns_nonnull[] = {
	"xmalloc", "xcalloc", "xrealloc", "xreallocarray", "xstrdup",
	"xstrndup", "xmemdup", "xzalloc", "g_malloc", "g_malloc0", "g_realloc",
	"g_new", "g_new0", "g_strdup", "g_strndup", "g_memdup", "g_memdup2",
	"g_strdup_printf",
	NULL
};

/*
 * Functions that return only when one argument is true (non-zero): test
 * frameworks' assertions that are functions, not macros around a
 * condition.  cmocka's assert_non_null(p) is _assert_true((uintmax_t)p, ...).
 */
static const name_arg asserts[] = {
	{ "_assert_true", 0 },
	{ NULL, 0 }
};

#define ARG(n) (1u << (n))

/*
 * Library parameters that must not be NULL: the function reads or writes
 * through them (C11 7.1.4 makes a NULL argument undefined unless the
 * function says otherwise).  @size_arg names the length parameter when a
 * length known to be 0 makes a NULL pointer harmless in practice, else -1.
 * free(), fflush() and realloc() accept NULL and are not listed.
 */
static const sci_nonnull_params nonnull_params[] = {
	{ "strlen", ARG(0), -1 },
	{ "strnlen", ARG(0), -1 },
	{ "strcpy", ARG(0) | ARG(1), -1 },
	{ "stpcpy", ARG(0) | ARG(1), -1 },
	{ "strncpy", ARG(0) | ARG(1), 2 },
	{ "strcat", ARG(0) | ARG(1), -1 },
	{ "strncat", ARG(0) | ARG(1), 2 },
	{ "strcmp", ARG(0) | ARG(1), -1 },
	{ "strncmp", ARG(0) | ARG(1), 2 },
	{ "strcasecmp", ARG(0) | ARG(1), -1 },
	{ "strncasecmp", ARG(0) | ARG(1), 2 },
	{ "strdup", ARG(0), -1 },
	{ "strndup", ARG(0), -1 },
	{ "strchr", ARG(0), -1 },
	{ "strrchr", ARG(0), -1 },
	{ "strstr", ARG(0) | ARG(1), -1 },
	{ "strspn", ARG(0) | ARG(1), -1 },
	{ "strcspn", ARG(0) | ARG(1), -1 },
	{ "memcpy", ARG(0) | ARG(1), 2 },
	{ "memmove", ARG(0) | ARG(1), 2 },
	{ "memset", ARG(0), 2 },
	{ "memcmp", ARG(0) | ARG(1), 2 },
	{ "memchr", ARG(0), 2 },
	{ "atoi", ARG(0), -1 },
	{ "atol", ARG(0), -1 },
	{ "atoll", ARG(0), -1 },
	{ "fputs", ARG(0) | ARG(1), -1 },
	{ "fputc", ARG(1), -1 },
	{ "putc", ARG(1), -1 },
	{ "fprintf", ARG(0) | ARG(1), -1 },
	{ "vfprintf", ARG(0) | ARG(1), -1 },
	{ "fclose", ARG(0), -1 },
	{ "fgets", ARG(0) | ARG(2), -1 },
	{ "fgetc", ARG(0), -1 },
	{ "getc", ARG(0), -1 },
	{ "fread", ARG(0) | ARG(3), -1 },
	{ "fwrite", ARG(0) | ARG(3), -1 },
	{ "fseek", ARG(0), -1 },
	{ "ftell", ARG(0), -1 },
	{ "rewind", ARG(0), -1 },
	{ "fileno", ARG(0), -1 },
	{ "feof", ARG(0), -1 },
	{ "ferror", ARG(0), -1 },
	{ "fscanf", ARG(0) | ARG(1), -1 },
	{ "sscanf", ARG(0) | ARG(1), -1 },
	{ "readdir", ARG(0), -1 },
	{ "closedir", ARG(0), -1 },
	{ "puts", ARG(0), -1 },
	{ "sprintf", ARG(0) | ARG(1), -1 },
	{ "printf", ARG(0), -1 },
	{ "__builtin_strlen", ARG(0), -1 },
	{ "__builtin_strcpy", ARG(0) | ARG(1), -1 },
	{ "__builtin_strcmp", ARG(0) | ARG(1), -1 },
	{ "__builtin_memcpy", ARG(0) | ARG(1), 2 },
	{ "__builtin_memmove", ARG(0) | ARG(1), 2 },
	{ "__builtin_memset", ARG(0), 2 },
	{ "__builtin_memcmp", ARG(0) | ARG(1), 2 },
	{ NULL, 0, -1 }
};

/*
 * Functions that read or write through a pointer but never keep it (a
 * pointer they return into an argument is in returns_arg below).  Not
 * putenv or setvbuf: they keep theirs.
 */
static const char *const nocapture[] = {
	"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp",
	"malloc_usable_size", "malloc_size", "strcoll", "strxfrm", "strchr", "strrchr", "strchrnul", "strstr",
	"strcasestr", "strspn", "strcspn", "strpbrk", "strcpy", "strncpy",
	"strcat", "strncat", "stpcpy", "stpncpy", "strlcpy", "strlcat",
	"strdup", "strndup", "memcpy", "mempcpy", "memmove", "memset",
	"memcmp", "memchr", "memrchr", "memmem", "bzero", "explicit_bzero",
	"printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf",
	"vsprintf", "vsnprintf", "dprintf", "vdprintf", "asprintf",
	"vasprintf", "syslog", "vsyslog", "warn", "warnx", "vwarn", "vwarnx",
	"puts", "fputs", "fputc", "putc", "scanf", "sscanf", "fscanf",
	"read", "write", "pread", "pwrite", "fread", "fwrite", "fgets",
	"recv", "send", "recvfrom", "sendto", "atoi", "atol", "atoll", "atof",
	"strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof",
	"strtold", "strtoimax", "strtoumax", "qsort", "bsearch", "perror",
	"fopen", "open", "openat", "creat", "stat", "lstat", "access",
	"unlink", "remove", "rename", "mkdir", "rmdir", "chdir", "opendir",
	"getenv", "setenv", "system", "popen", "realpath",
	"__builtin_memcpy", "__builtin_memset", "__builtin_strlen",
	"__builtin_memcmp", "__builtin___memcpy_chk", "__builtin___memset_chk",
	"__builtin___strcpy_chk", "__builtin___snprintf_chk",
	"__builtin___sprintf_chk", "__builtin___strncpy_chk",
	"__builtin___memmove_chk", "__builtin___strcat_chk",
	"__builtin___strncat_chk", "__fprintf_chk", "__printf_chk",
	"__snprintf_chk", "__sprintf_chk", "__vfprintf_chk",
	"__vsnprintf_chk", "__read_chk", "__fread_chk", "__fgets_chk", NULL
};

/*
 * Functions whose pointer result is one of their arguments or points
 * into it: the caller still holds that argument's memory through it.
 */
static const name_arg returns_arg[] = {
	{ "memcpy", 0 }, { "mempcpy", 0 }, { "memmove", 0 }, { "memset", 0 },
	{ "memchr", 0 }, { "memrchr", 0 }, { "memmem", 0 }, { "strcpy", 0 },
	{ "strncpy", 0 }, { "stpcpy", 0 }, { "stpncpy", 0 }, { "strcat", 0 },
	{ "strncat", 0 }, { "strchr", 0 }, { "strrchr", 0 }, { "strchrnul", 0 },
	{ "strstr", 0 }, { "strcasestr", 0 }, { "strpbrk", 0 }, { "strtok", 0 },
	{ "strtok_r", 0 }, { "fgets", 0 }, { "realpath", 1 },
	{ "__builtin_memcpy", 0 }, { "__builtin_memset", 0 },
	{ "__builtin___memcpy_chk", 0 }, { "__builtin___memset_chk", 0 },
	{ "__builtin___memmove_chk", 0 }, { "__builtin___strcpy_chk", 0 },
	{ "__builtin___strncpy_chk", 0 }, { "__builtin___strcat_chk", 0 },
	{ "__builtin___strncat_chk", 0 }, { "__fgets_chk", 0 },
	{ NULL, 0 }
};

static const sci_analyze_opts *project;

/* @name's argument in @table (ended by a NULL name), or -1. */
static int arg_of(const name_arg *table, const char *name)
{
	int i;

	for (i = 0; name && table[i].name; i++)
		if (strcmp(table[i].name, name) == 0)
			return table[i].arg;
	return -1;
}

static int in_list(const char *const *list, const char *name)
{
	int i;

	if (!name || !list)
		return 0;
	for (i = 0; list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

void sci__profile_set(const sci_analyze_opts *opts)
{
	size_t n = 0, i;
	const char **all;

	project = opts;
	if (merged_allocators != allocators)
		free((void *)merged_allocators);
	merged_allocators = allocators;
	if (!opts || !opts->allocators)
		return;
	while (allocators[n])
		n++;
	for (i = 0; opts->allocators[i]; i++)
		n++;
	/* process lifetime: one profile per worker */
	all = calloc(n + 1, sizeof(*all));
	if (!all)
		abort();
	n = 0;
	for (i = 0; allocators[i]; i++)
		all[n++] = allocators[i];
	for (i = 0; opts->allocators[i]; i++)
		all[n++] = opts->allocators[i];
	merged_allocators = all;
}

int sci_profile_is_alloc(const char *name)
{
	return in_list(merged_allocators, name) || sci__fn_facts_is_alloc(name);
}

const char *const *sci_profile_allocators(void)
{
	return merged_allocators;
}

int sci__profile_is_noreturn(const char *name)
{
	return project && in_list(project->noreturn, name);
}

int sci_profile_free_arg(const char *name)
{
	if (project && in_list(project->deallocators, name))
		return 0;
	if (arg_of(freers, name) >= 0)
		return arg_of(freers, name);
	return sci__fn_facts_free_arg(name);
}

int sci_profile_is_nocapture(const char *name)
{
	return in_list(nocapture, name) || sci__fn_facts_is_nocapture(name);
}

int sci_profile_returns_arg(const char *name)
{
	return arg_of(returns_arg, name);
}

int sci__profile_untrusted_source(const char *name)
{
	return project && in_list(project->untrusted_sources, name);
}

int sci_profile_returns_nonnull(const char *name)
{
	return in_list(returns_nonnull, name) ||
	       (project && in_list(project->returns_nonnull, name));
}

int sci_profile_may_return_null(const char *name)
{
	if (!name || sci_profile_returns_nonnull(name))
		return 0;
	if (sci__fn_facts_is_alloc(name))
		return sci__fn_facts_may_return_null(name);
	return in_list(maybe_null, name) || sci_profile_is_alloc(name);
}

int sci_profile_assert_arg(const char *name)
{
	return arg_of(asserts, name);
}

const sci_nonnull_params *sci_profile_nonnull_params(const char *name)
{
	int i;

	if (!name)
		return NULL;
	for (i = 0; nonnull_params[i].name; i++)
		if (strcmp(nonnull_params[i].name, name) == 0)
			return &nonnull_params[i];
	return sci__fn_facts_nonnull(name);
}
