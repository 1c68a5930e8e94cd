/* unchecked-return: results of must-check library functions thrown away. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void drop_privileges(void)
{
	setuid(getuid());	/* expect-warning: unchecked-return "the result of setuid() is ignored: it says whether the call succeeded and must be checked" */
	setgid(getgid());	/* expect-warning: unchecked-return "the result of setgid() is ignored" */
}

void enter(const char *dir)
{
	chdir(dir);	/* expect-warning: unchecked-return "the result of chdir() is ignored" */
}

void grow(char *buf, size_t n)
{
	realloc(buf, n);	/* expect-warning: unchecked-return "the result of realloc() is ignored" */
}

void try_lock(pthread_mutex_t *m)
{
	pthread_mutex_trylock(m);	/* expect-warning: unchecked-return "the result of pthread_mutex_trylock() is ignored" */
	pthread_mutex_unlock(m);
}

void skip(int fd, char *buf)
{
	(read(fd, buf, 4));	/* expect-warning: unchecked-return "the result of read() is ignored" */
	for (read(fd, buf, 1);;)	/* expect-warning: unchecked-return "the result of read() is ignored" */
		break;
}

/* input calls: their result says what the buffer or the variables hold */
int read_count(FILE *f, char *line, int size)
{
	int n;

	fgets(line, size, f);	/* expect-warning: unchecked-return "the result of fgets() is ignored" */
	fscanf(f, "%d", &n);	/* expect-warning: unchecked-return "the result of fscanf() is ignored: where it fails, 'n' is left without a value" */
	fread(line, 1, 4, f);	/* expect-warning: unchecked-return "the result of fread() is ignored" */
	return n;
}

/* a loop that reads until end of file, into a variable with no value */
void read_blocks(FILE *f, void (*mark)(unsigned long))
{
	unsigned long block;

	while (!feof(f)) {
		fscanf(f, "%lu", &block);	/* expect-warning: unchecked-return "where it fails, 'block' is left without a value" */
		mark(block);
	}
}
