/*
 * buffer-overflow with strings whose length the engine follows
 * (analyzer/strlen.c): filled and terminated, initialized, copied.
 */
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

void show(const char *s);
void show_wide(const wchar_t *s);
void fill_name(char *buf);
char *kept;

void copy_filled(void)
{
	char small[50], source[100];

	memset(source, 'C', 99);
	source[99] = '\0';
	strcpy(small, source);	/* expect-error: buffer-overflow "strcpy() writes 100 bytes into 'small', which has 50" */
	show(small);
}

void copy_through_pointer(void)
{
	char buf[50], source[100];
	char *p = buf;

	p[0] = '\0';
	memset(source, 'C', 99);
	source[99] = '\0';
	strncat(p, source, 100);	/* expect-error: buffer-overflow "strncat() writes 100 bytes into 'buf', which has 50" */
	show(p);
}

/* one short: the NUL has no room */
void off_by_one(void)
{
	char dst[10];
	char source[10 + 1] = "AAAAAAAAAA";

	strcpy(dst, source);	/* expect-error: buffer-overflow "strcpy() writes 11 bytes into 'dst', which has 10" */
	show(dst);
}

/* strlen() of a known string is its length: the copy reads past src */
void read_by_length(void)
{
	char src[50], dest[100];

	memset(src, 'A', 49);
	src[49] = '\0';
	memset(dest, 'C', 99);
	dest[99] = '\0';
	memcpy(dest, src, strlen(dest));	/* expect-error: buffer-overflow "memcpy() reads 99 bytes from 'src', which has 50" */
	show(dest);
}

void heap_append(void)
{
	char *data = malloc(50), source[100];

	if (!data)
		return;
	data[0] = '\0';
	memset(source, 'C', 99);
	source[99] = '\0';
	strcat(data, source);	/* expect-error: buffer-overflow "strcat() writes 100 bytes into 'malloc(...)', which has 50" */
	show(data);
	free(data);
}

void wide_copy(void)
{
	wchar_t dst[50], source[100];

	wmemset(source, L'C', 99);
	source[99] = L'\0';
	wcscpy(dst, source);	/* expect-error: buffer-overflow "wcscpy() writes 400 bytes into 'dst', which has 200" */
	show_wide(dst);
}

/* a literal copied, then another appended */
void append_literals(void)
{
	char buf[8];

	strcpy(buf, "abcd");
	strcat(buf, "efgh");	/* expect-error: buffer-overflow "strcat() writes 9 bytes into 'buf', which has 8" */
	show(buf);
}

/* ---- what fits, or is not known ---- */

void fits(void)
{
	char dst[100], source[100];

	dst[0] = '\0';
	memset(source, 'C', 99);
	source[99] = '\0';
	strcpy(dst, source);
	dst[0] = '\0';
	strncat(dst, source, 100);
	show(dst);
}

void appended_twice(void)
{
	char buf[20] = "abc";
	char more[10];

	strcpy(more, "defgh");
	strcat(buf, more);
	strcat(buf, more);
	show(buf);
}

/* a callee may write it: its length is unknown after */
void filled_by_callee(void)
{
	char big[100], small[10];

	memset(big, 'x', 99);
	big[99] = '\0';
	fill_name(big);
	strcpy(small, big);
}

void shortened(void)
{
	char big[100], small[10];

	memset(big, 'x', 99);
	big[99] = '\0';
	big[5] = '\0';
	strcpy(small, big);
}

/* its address kept elsewhere: any call may write it */
void address_kept(void)
{
	char big[100], small[10];

	kept = big;
	memset(big, 'x', 99);
	big[99] = '\0';
	show(small);
	strcpy(small, big);
}

/* written at an index the engine does not know */
void written_in_loop(const char *s)
{
	char big[100], small[10];
	int i;

	memset(big, 'x', 99);
	big[99] = '\0';
	for (i = 0; s[i] && i < 9; i++)
		big[i] = s[i];
	big[i] = '\0';
	strcpy(small, big);
}

/* lengths that differ on two paths are not known after the join */
void two_paths(int c)
{
	char big[100], small[10];

	if (c)
		strcpy(big, "short");
	else
		memset(big, 0, sizeof(big));
	strcpy(small, big);
}

void wide_fits(void)
{
	wchar_t dst[100], source[100];

	wmemset(source, L'C', 99);
	source[99] = L'\0';
	wcscpy(dst, source);
	show_wide(dst);
}

/* a global array: any call may write it */
char global_name[100];
void refresh(void);

void global_changed(void)
{
	char small[10];

	memset(global_name, 'x', 99);
	global_name[99] = '\0';
	refresh();
	strcpy(small, global_name);
}

/* a callee that got it may keep it and write it at a later call */
void remember(char *buf);

void kept_by_callee(void)
{
	char big[100], small[10];

	remember(big);
	memset(big, 'x', 99);
	big[99] = '\0';
	refresh();
	strcpy(small, big);
}

/* a struct laid over it by a cast */
struct hdr { char tag; char len; };

void overlaid(void)
{
	char big[100], small[10];
	struct hdr *h = (struct hdr *)big;

	memset(big, 'x', 99);
	big[99] = '\0';
	h->len = 0;
	strcpy(small, big);
}

/* a wider store than a character */
void wide_store(void)
{
	char big[100], small[10];

	memset(big, 'x', 99);
	big[99] = '\0';
	*(long *)(big + 2) = 0;
	strcpy(small, big);
}

/* a library call writes it and keeps nothing: known again after */
void copied_then_filled(const char *s)
{
	char big[100], small[10];

	memcpy(big, s, 10);
	memset(big, 'x', 99);
	big[99] = '\0';
	strcpy(small, big);	/* expect-error: buffer-overflow "strcpy() writes 100 bytes into 'small', which has 10" */
}

/* written by a library call after its length was known */
void overwritten_by_copy(const char *s)
{
	char big[100], small[10];

	memset(big, 'x', 99);
	big[99] = '\0';
	memcpy(big, s, 100);
	strcpy(small, big);
}

/* the string a malloc()ed block holds, copied into a smaller array */
void heap_source(void)
{
	char *data = malloc(100), dest[50] = "";

	if (!data)
		return;
	memset(data, 'A', 99);
	data[99] = '\0';
	strcpy(dest, data);	/* expect-error: buffer-overflow "strcpy() writes 100 bytes into 'dest', which has 50" */
	show(dest);
	free(data);
}

/* the same block holding a string that fits */
void heap_source_fits(void)
{
	char *data = malloc(100), dest[50] = "";

	if (!data)
		return;
	memset(data, 'A', 99);
	data[49] = '\0';
	strcpy(dest, data);
	show(dest);
	free(data);
}

/* written through another name for the block: its length is not known */
void heap_source_rewritten(char *(*fill)(char *))
{
	char *data = malloc(100), dest[50] = "", *p;

	if (!data)
		return;
	memset(data, 'A', 99);
	data[99] = '\0';
	p = fill(data);
	if (p)
		strcpy(dest, data);
	show(dest);
	free(data);
}
