/* resource-leak: streams and descriptors not closed on some path. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int load(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (fread(buf, 1, n, f) != n)
		return -1;	/* expect-warning: resource-leak "resource leak of 'f': what fopen() opened is not closed on this path" */
	fclose(f);
	return 0;
}

long size_of(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0)
		return -1;	/* expect-warning: resource-leak "resource leak of 'fd': what open() opened is not closed on this path" */
	close(fd);
	return (long)st.st_size;
}

int first_entry(const char *dir)
{
	DIR *d = opendir(dir);

	if (!d)
		return -1;
	if (!readdir(d))
		return -2;	/* expect-warning: resource-leak "resource leak of 'd': what opendir() opened is not closed on this path" */
	closedir(d);
	return 0;
}

void reopen(const char *p)
{
	int fd = open(p, O_RDONLY);

	fd = open(p, O_RDONLY);	/* expect-warning: resource-leak "resource leak of 'fd': overwritten while it holds what open() opened" */
	if (fd >= 0)
		close(fd);
}

int probe(void)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);

	if (s == -1)
		return -1;
	if (listen(s, 1) != 0)
		return -1;	/* expect-warning: resource-leak "resource leak of 's': what socket() opened is not closed on this path" */
	close(s);
	return 0;
}

/*
 * Open on one side of an || and returned on both (redis config.c): the
 * stream may be open on the return, whatever its NULL side says.
 */
int read_old(const char *path, int empty)
{
	FILE *fp = fopen(path, "r");

	if (fp == NULL || empty)
		return 0;	/* expect-warning: resource-leak "resource leak of 'fp': what fopen() opened is not closed on this path" */
	fclose(fp);
	return 1;
}

/* a wrapper of this file that returns what it opened (summary "opened") */
static FILE *open_state(const char *dir)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/state", dir);
	return fopen(path, "r");
}

int state_version(const char *dir)
{
	FILE *f = open_state(dir);
	int v;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		return -1;	/* expect-warning: resource-leak "resource leak of 'f': what open_state() opened is not closed on this path" */
	fclose(f);
	return v;
}

/* a union whose members all have one type holds it in every member */
int union_stream(const char *path)
{
	union { FILE *in; FILE *any; } s;
	int c;

	s.in = fopen(path, "r");
	if (!s.in)
		return -1;
	c = fgetc(s.any);
	if (c == EOF)
		return -1;	/* expect-warning: resource-leak "resource leak of 's.in'" */
	fclose(s.any);
	return c;
}

/* the copy is tested, the descriptor leaks on the open path */
void copy_tested_not_closed(const char *path)
{
	int fd, copy;

	fd = open(path, O_RDONLY);
	copy = fd;
	if (copy == -1)
		return;
}	/* expect-warning: resource-leak "not closed" */

/* closed with a function that does not close what was opened */
#include <dirent.h>

void closed_as_stream(const char *path)
{
	int fd = open(path, O_RDWR);

	if (fd != -1)
		fclose((FILE *)fd);	/* expect-warning: resource-leak "'fd' holds what open() opened, which fclose() does not close" */
}

void pipe_closed_as_file(void)
{
	FILE *p = popen("ls", "r");

	if (p)
		fclose(p);	/* expect-warning: resource-leak "'p' holds what popen() opened, which fclose() does not close" */
}

/* a callee that gives its parameter another stream before closing it */
void reopen_sink(FILE *data)
{
	data = fopen("other", "w");
	if (data)
		fclose(data);
}

void passed_to_reopen(void)
{
	FILE *data = fopen("first", "w");

	reopen_sink(data);
}	/* expect-warning: resource-leak "resource leak of 'data': what fopen() opened is not closed on this path" */

/*
 * After close(5) the lowest free descriptor may be 3 or 4: a non-zero
 * one is no failure, and this path leaks it (analyzer/lowfd.c).
 */
int reopen_five(const char *name)
{
	int fd;

	close(5);
	fd = open(name, O_RDONLY);
	if (fd)
		return 0;	/* expect-warning: resource-leak "resource leak of 'fd': what open() opened is not closed on this path" */
	return 1;
}
