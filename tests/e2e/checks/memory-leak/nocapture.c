/* memory-leak: library functions that only read or write through a
 * pointer (the printf family, puts, fputs, strlen, strcmp, memcpy,
 * fwrite...) do not take the memory.  A function the profile does not
 * know - an external one, or one whose body is elsewhere - may keep it:
 * passing the pointer to it is an escape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void keep(char *p);

int printed(const char *s)
{
	char *p = strdup(s);

	if (!p)
		return -1;
	printf("%s\n", p);
	puts(p);
	fputs(p, stderr);
	fprintf(stderr, "%s", p);
	if (strlen(p) > 10 || strcmp(p, "x") == 0)
		return 1;	/* expect-warning: memory-leak "memory leak of 'p'" */
	free(p);
	return 0;
}

int read_from(char *dst, const char *s, FILE *f)
{
	char *p = strdup(s);
	char buf[64];

	if (!p)
		return -1;
	memcpy(dst, p, strlen(p));
	fwrite(p, 1, strlen(p), f);
	snprintf(buf, sizeof(buf), "%s", p);
	return 0;	/* expect-warning: memory-leak "memory leak of 'p'" */
}

int written_into(FILE *f, size_t n)
{
	char *buf = malloc(n);

	if (!buf)
		return -1;
	memset(buf, 0, n);
	if (!fgets(buf, (int)n, f))
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	free(buf);
	return 0;
}

/* Unknown functions may keep what they get. */
int kept(const char *s)
{
	char *p = strdup(s);

	if (!p)
		return -1;
	keep(p);
	return 0;
}

/* putenv() keeps its string (it is not a read-only function). */
int environment(const char *s)
{
	char *p = strdup(s);

	if (!p)
		return -1;
	return putenv(p);
}

/* memcpy() returns its destination: returning that returns the memory. */
void *duplicate(const void *src, size_t n)
{
	void *p = malloc(n);

	if (!p)
		return NULL;
	return memcpy(p, src, n);
}

char *concatenated(const char *a, const char *b)
{
	char *p = malloc(strlen(a) + strlen(b) + 1);

	if (!p)
		return NULL;
	strcpy(p, a);
	return strcat(p, b);
}

/* the wide forms only read too (Juliet's printWLine() is a wprintf()) */
#include <wchar.h>

int printed_wide(const wchar_t *s)
{
	wchar_t *p = wcsdup(s);

	if (!p)
		return -1;
	wprintf(L"%ls\n", p);
	fwprintf(stderr, L"%ls", p);
	fputws(p, stderr);
	if (wcslen(p) > 10 || wcscmp(p, L"x") == 0)
		return 1;	/* expect-warning: memory-leak "memory leak of 'p'" */
	free(p);
	return 0;
}
