/*
 * load.c - reading a configuration file:
 *
 *	# comment
 *	name = value
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv.h"

#define MAX_CONFIG_SIZE (1u << 20)

/* Reads up to @size bytes of @fd into a new NUL-terminated buffer. */
static int read_all(int fd, char **out, size_t size)
{
	char *buf = malloc(size + 1);
	ssize_t n;

	if (!buf)
		return -1;
	n = read(fd, buf, size);
	if (n < 0)
		return -1;	/* BUG: buf leaks when read() fails */
	buf[n] = '\0';
	*out = buf;
	return (int)n;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/* Correct: one cleanup label frees the copy on every path. */
static int parse_line(struct kv_store *s, const char *line, int lineno)
{
	char *copy, *eq, *key, *value;
	int ret = -1;

	while (isspace((unsigned char)*line))
		line++;
	if (*line == '\0' || *line == '#')
		return 0;
	copy = strdup(line);
	if (!copy)
		return -1;
	eq = strchr(copy, '=');
	if (!eq) {
		fprintf(stderr, "line %d: expected name = value\n", lineno);
		goto out;
	}
	*eq = '\0';
	key = trim(copy);
	value = trim(eq + 1);
	if (*key == '\0') {
		fprintf(stderr, "line %d: empty name\n", lineno);
		goto out;
	}
	ret = kv_set(s, key, value, lineno);
out:
	free(copy);
	return ret;
}

int kv_load(struct kv_store *s, const char *path)
{
	struct stat st;
	char *text = NULL, *line, *save = NULL;
	int fd, lineno = 0, ret = -1;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return -1;
	}
	if (fstat(fd, &st) < 0 || st.st_size > MAX_CONFIG_SIZE) {
		fprintf(stderr, "%s: not a readable configuration file\n", path);
		goto out;
	}
	if (read_all(fd, &text, (size_t)st.st_size) < 0) {
		perror(path);
		goto out;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (parse_line(s, line, lineno) < 0)
			goto out;
	}
	ret = 0;
out:
	free(text);
	close(fd);
	return ret;
}
