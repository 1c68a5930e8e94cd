/* expect-none */
/* tainted-size: input sizes with an upper bound. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *make(void)
{
	size_t n = strtoul(getenv("COUNT"), NULL, 10);

	if (n > 0 && n < 4096)
		return malloc(n);
	return NULL;
}

/* checked against what is available */
int copy(char *dst, size_t room, FILE *f)
{
	char src[256];
	size_t len;

	if (fscanf(f, "%zu", &len) != 1 || len > room || len > sizeof(src))
		return -1;
	memset(src, 'x', sizeof(src));
	memcpy(dst, src, len);
	return 0;
}

/* not input */
char *dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* p points to input, but how far it moved is the program's count */
char *read_line(int fd)
{
	char *buf = malloc(128), *p = buf, *line;

	if (!buf)
		return NULL;
	while (p < buf + 127 && read(fd, p, 1) == 1 && *p != '\n')
		p++;
	*p = '\0';
	line = malloc(p - buf + 1);
	if (line)
		memcpy(line, buf, p - buf + 1);
	free(buf);
	return line;
}

/* the byte before the buffer is the program's own count, not input */
int next_key(int fd, char *buffer)
{
	int n;

	if (read(fd, buffer, 1) <= 0)
		return -1;
	n = (unsigned char)buffer[-1];
	if (n)
		memmove(buffer, buffer + 1, n);
	buffer[-1] = 0;
	return buffer[0];
}

/* a mask bounds what was read, as `n = n & 0x1fff` would */
char *read_name(int fd)
{
	char hdr[16];
	int n;

	if (read(fd, hdr, sizeof(hdr)) != sizeof(hdr))
		return NULL;
	n = hdr[0] | (hdr[1] << 8);
	n &= 0x1fff;	/* limit names to 8k */
	return malloc(n + 1);
}
