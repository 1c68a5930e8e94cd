/* expect-none */
/* buffer-overflow: lengths that fit. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void checked(const char *src, size_t n)
{
	char buf[16];

	if (n > sizeof(buf))
		return;
	memcpy(buf, src, n);
}

void sized(const char *src)
{
	char name[16];

	memcpy(name, src, sizeof(name));
}

void literal(void)
{
	char name[32];

	strcpy(name, "short");
}

ssize_t fill(int fd)
{
	char buf[64];

	return read(fd, buf, sizeof(buf));
}

void tail(const char *s)
{
	char buf[50];
	char *p = buf + 40;

	memcpy(p, s, 10);
}

/* nothing is known of the destination */
void unknown(char *d, const char *s, size_t n)
{
	memcpy(d, s, n);
}

/* clamped */
void clamp(const char *s)
{
	char buf[100];
	size_t n = strlen(s);

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	puts(buf);
}

void lines(FILE *f)
{
	char line[64];

	while (fgets(line, sizeof(line), f))
		fputs(line, stdout);
}

/* a length computed from the offset */
void rest(const char *s, size_t off)
{
	char buf[32];

	if (off >= sizeof(buf))
		return;
	memset(buf + off, 0, sizeof(buf) - off);
	(void)s;
}

/* an offset and a length that add up to the size: shifting a window */
#define MARK 40

void shift(char *window, const char *in, int nread)
{
	char last[MARK];

	memcpy(last, window, MARK);
	if (nread > 0 && nread < MARK) {
		int rem = MARK - nread;

		memmove(last, last + nread, rem);
		memcpy(last + rem, in, nread);
	}
	memcpy(window, last, MARK);
}

/* sizeof a string literal is its array's size */
#define PREFIX "..."
#define LEN(s) (sizeof(s) - 1)

void prefix(char *out)
{
	memcpy(out, PREFIX, LEN(PREFIX));
	memcpy(out + LEN(PREFIX), "]", sizeof("]"));
}

/*
 * A struct laid over a bigger buffer by a cast: its last array may run on
 * to the buffer's end (gcc's default for trailing arrays; busybox's
 * globals over bb_common_bufsiz1, "line[256]: _at least_ 256").
 */
extern char common_area[];
struct laid_over {
	int count;
	char line[256];
};
#define AREA (*(struct laid_over *)common_area)

long fill_line(int fd)
{
	return read(fd, AREA.line, 672);
}

/* strncat() bounded by the room left, or by the whole buffer when what
 * it appends is known to fit */
void append_bounded(const char *s)
{
	char name[16] = "";

	strncat(name, s, sizeof(name) - strlen(name) - 1);
	strncat(name, s, 15);
	strncat(name, "ab", 64);
}

/* a pointer moved back inside its buffer */
void moved_back(const char *s)
{
	char buf[32];
	char *p = buf + 8;

	p -= 8;
	strcpy(p, s);
	strcat(buf, p + 1);
}

/* a pointer one element before an array, used from its second element on */
static int sum_one_based(const int *a, int n)
{
	int i, sum = 0;

	for (i = 1; i <= n; i++)
		sum += a[i];
	return sum;
}

int one_based(void)
{
	int v[4] = { 1, 2, 3, 4 };

	return sum_one_based(v - 1, 4);
}

/* a bounded copy of nothing reads nothing */
void copy_none(void)
{
	char buf[8] = "", out[8];
	char *p = buf - 1;

	strncpy(out, p, 0);
}
