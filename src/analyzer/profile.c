/*
 * profile.c - what well-known functions do with memory: the built-in
 * "generic" profile (libc, POSIX).  Project profiles (JSON at the
 * repository root) will extend these tables.
 */
#include "analyzer/engine_int.h"

#include <stdlib.h>
#include <string.h>

static const char *const allocators[] = {
	"malloc", "calloc", "realloc", "reallocarray", "strdup", "strndup",
	"aligned_alloc", "memalign", "valloc", "pvalloc",
	NULL
};

static const struct {
	const char *name;
	int arg;
} freers[] = {
	{ "free", 0 }, { "realloc", 0 }, { "reallocarray", 0 },
	{ NULL, 0 }
};

static const char *const *merged_allocators = allocators;

/* Functions that read or write through a pointer but never keep it. */
static const char *const nocapture[] = {
	"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp",
	"strchr", "strrchr", "strstr", "strspn", "strcspn", "strpbrk",
	"strcpy", "strncpy", "strcat", "strncat", "stpcpy", "strlcpy",
	"strlcat", "memcpy", "memmove", "memset", "memcmp", "memchr",
	"bzero", "explicit_bzero", "printf", "fprintf", "sprintf", "snprintf",
	"vprintf", "vfprintf", "vsprintf", "vsnprintf", "dprintf", "puts",
	"fputs", "fputc", "putc", "scanf", "sscanf", "fscanf", "read", "write",
	"pread", "pwrite", "fread", "fwrite", "fgets", "recv", "send",
	"recvfrom", "sendto", "atoi", "atol", "atoll", "strtol", "strtoul",
	"strtoll", "strtoull", "strtod", "qsort", "bsearch", "perror",
	"__builtin_memcpy", "__builtin_memset", "__builtin_strlen",
	"__builtin_memcmp", "__builtin___memcpy_chk", "__builtin___memset_chk",
	"__builtin___strcpy_chk", "__builtin___snprintf_chk",
	"__builtin___sprintf_chk", "__builtin___strncpy_chk",
	"__builtin___memmove_chk", "__builtin___strcat_chk",
	"__builtin___strncat_chk", "__fprintf_chk", "__printf_chk",
	"__read_chk", "__fread_chk", "__fgets_chk", NULL
};

static const sci_analyze_opts *project;

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
	return in_list(merged_allocators, name);
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
	int i;

	if (!name)
		return -1;
	if (project && in_list(project->deallocators, name))
		return 0;
	for (i = 0; freers[i].name; i++)
		if (strcmp(freers[i].name, name) == 0)
			return freers[i].arg;
	return -1;
}

int sci_profile_is_nocapture(const char *name)
{
	return in_list(nocapture, name);
}
