/*
 * A string of known length (strlen.c) says whether a character is NUL:
 * a test of `s[k]` keeps only the paths whose lengths allow its answer.
 * A library function that takes the string as a pointer to const only
 * reads it (open(), access()): the length stays.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

void first_char(int flag)
{
	char s[16];

	strcpy(s, "abc");
	if (s[3])
		__sci_reached();	/* no note: s[3] is the string's NUL */
	if (flag)
		s[0] = '\0';
	if (!s[0])
		__sci_value(flag);	/* expect-note: sci-debug "value 'flag' = min--1,1-max" */
	else
		__sci_value(flag);	/* expect-note: sci-debug "value 'flag' = 0" */
}

void read_only_calls(void)
{
	char path[32];
	int fd;

	strcpy(path, "/dev/null");
	fd = open(path, O_RDONLY);
	if (access(path, R_OK) == 0)
		__sci_value(strlen(path));	/* expect-note: sci-debug "value 'strlen(...)' = 9" */
	if (fd >= 0)
		close(fd);
}
