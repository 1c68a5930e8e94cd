/* buffer-overflow: copies, fills and reads past a buffer's end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

struct rec { char name[16]; int id; };

void copy(const char *src)
{
	char name[16];

	memcpy(name, src, 32);	/* expect-error: buffer-overflow "buffer overflow: memcpy() writes 32 bytes into 'name', which has 16" */
}

void literal(void)
{
	char name[8];

	strcpy(name, "a string longer than eight");	/* expect-error: buffer-overflow "buffer overflow: strcpy() writes 27 bytes into 'name', which has 8" */
}

/* the larger length on one path */
void either(const char *src, int big)
{
	char buf[50];
	size_t n = big ? 100 : 10;

	memcpy(buf, src, n);	/* expect-error: buffer-overflow "buffer overflow: memcpy() writes up to 100 bytes into 'buf', which has 50" */
}

/* a heap block of a size the value model knows */
void heap(void)
{
	char *p = malloc(50);

	if (!p)
		return;
	memset(p, 0, 100);	/* expect-error: buffer-overflow "buffer overflow: memset() writes 100 bytes into 'malloc(...)', which has 50" */
	free(p);
}

void line(FILE *f)
{
	char buf[64];

	if (fgets(buf, 128, f))	/* expect-error: buffer-overflow "buffer overflow: fgets() writes 128 bytes into 'buf', which has 64" */
		puts(buf);
}

/* a pointer into the buffer */
void tail(const char *s)
{
	char buf[50];
	char *p = buf + 40;

	memcpy(p, s, 20);	/* expect-error: buffer-overflow "buffer overflow: memcpy() writes 20 bytes into 'buf', which has 10 left at that offset" */
}

/* the source is the short one */
void over_read(char *d)
{
	char src[10] = "abc";

	memcpy(d, src, 20);	/* expect-error: buffer-overflow "buffer over-read: memcpy() reads 20 bytes from 'src', which has 10" */
}

void underwrite(const char *s)
{
	char buf[100];
	char *p = buf - 8;

	memcpy(p, s, 10);	/* expect-error: buffer-overflow "buffer underwrite: memcpy() writes into 'buf' 8 bytes before its start" */
}

/* wide characters count four bytes each */
void wide(const wchar_t *s)
{
	wchar_t buf[50];

	wmemcpy(buf, s, 100);	/* expect-error: buffer-overflow "buffer overflow: wmemcpy() writes 400 bytes into 'buf', which has 200" */
}

void field(struct rec *r, const char *s)
{
	strncpy(r->name, s, 32);	/* expect-error: buffer-overflow "buffer overflow: strncpy() writes 32 bytes into 'r->name', which has 16" */
}

/* only the last member may run on past its declared size */
extern char other_area[];
struct head_over {
	char name[16];
	int count;
};

long fill_name(int fd, struct head_over *h)
{
	long n = read(fd, ((struct head_over *)other_area)->name, 64);	/* expect-error: buffer-overflow "buffer overflow: read() writes 64 bytes into 'other_area->name', which has 16" */

	return n + read(fd, h->name, 32);	/* expect-error: buffer-overflow "buffer overflow: read() writes 32 bytes into 'h->name', which has 16" */
}

/* string functions: a pointer before the start of either string */
void before_start_strings(const char *s)
{
	char buf[32], out[32];
	char *p = buf - 4;

	strcpy(p, s);	/* expect-error: buffer-overflow "buffer underwrite: strcpy() writes into 'buf' 4 bytes before its start" */
	strcat(out, p);	/* expect-error: buffer-overflow "buffer under-read: strcat() reads from 'buf' 4 bytes before its start" */
}

/* bounded copies and lengths read the source from its first character */
size_t before_start_reads(void)
{
	char buf[32] = "text", out[32] = "";
	char *p = buf - 8;

	strncpy(out, p, 16);	/* expect-error: buffer-overflow "buffer under-read: strncpy() reads from 'buf' 8 bytes before its start" */
	return strlen(p);	/* expect-error: buffer-overflow "buffer under-read: strlen() reads from 'buf' 8 bytes before its start" */
}

/* a pointer before the start handed to a function that writes through it */
static void fill_from(char *dst)
{
	memset(dst, 'x', 16);	/* expect-error: buffer-overflow "buffer underwrite: memset() writes into 'buf' 8 bytes before its start" */
}

void before_start_passed(void)
{
	char buf[32];

	fill_from(buf - 8);
}

void before_start_wide(const wchar_t *s)
{
	wchar_t buf[32];
	wchar_t *p = buf - 2;

	wcscpy(p, s);	/* expect-error: buffer-overflow "buffer underwrite: wcscpy() writes into 'buf' 8 bytes before its start" */
}

/* a strncat() bound larger than the whole destination bounds nothing */
void append_all(const char *s)
{
	char name[16] = "";

	strncat(name, s, 64);	/* expect-error: buffer-overflow "strncat() appends up to 64 characters and a NUL to 'name', which has room for 16" */
}

void append_wide(const wchar_t *s)
{
	wchar_t name[16];

	name[0] = L'\0';
	wcsncat(name, s, 20);	/* expect-error: buffer-overflow "wcsncat() appends up to 20 characters and a NUL to 'name', which has room for 16" */
}

/* the buffer reached through a pointer that only stands for the variable */
void through_alias(void)
{
	static char small[50];
	char *data = NULL;
	char **where = &data;

	*where = small;
	strcpy(data, "a string of sixty characters, which is more than fifty bytes");	/* expect-error: buffer-overflow "strcpy() writes 61 bytes into 'small', which has 50" */
}
