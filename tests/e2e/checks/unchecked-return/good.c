/* unchecked-return: shapes that must stay silent. */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DROP() setuid(0)
#define TRY(x) ({ setuid(x); })

int checked(const char *dir, char *buf, size_t n)
{
	char *p;

	if (setuid(0) != 0)
		return -1;
	if (chdir(dir) < 0)
		return -1;
	p = realloc(buf, n);
	if (!p)
		return -1;
	free(p);
	return 0;
}

void explicit_discard(const char *dir)
{
	(void)chdir(dir);
	(void)setuid(0);
}

/* printf and friends, fclose, functions returning their argument */
void commonly_ignored(FILE *f, char *dst, const char *src)
{
	printf("%s\n", src);
	fprintf(stderr, "x\n");
	strcpy(dst, src);
	memcpy(dst, src, 2);
	fflush(f);
	fclose(f);
}

/* the macro's author decided for every expansion */
void in_macro(void)
{
	DROP();
}

/* the last statement of a statement expression is its value */
int stmt_expr(void)
{
	return TRY(0) + ({ setuid(1); });
}

/* a void function has no result to ignore */
static void nothing(void)
{
}

void calls_void(void)
{
	nothing();
}

/* input calls whose result is tested or used */
int read_checked(FILE *f, char *line, int size)
{
	int n;

	if (!fgets(line, size, f))
		return -1;
	if (fscanf(f, "%d", &n) != 1)
		return -1;
	return fread(line, 1, 4, f) == 4 ? n : -1;
}

/* a failed scan keeps the default the variable was given */
int read_or_default(FILE *f)
{
	int n = -1;

	fscanf(f, "%d", &n);
	return n;
}

/* a wide scan into a variable that already holds a default */
#include <wchar.h>

int wide_default(FILE *f)
{
	int data = -1;

	fwscanf(f, L"%d", &data);
	return data;
}
