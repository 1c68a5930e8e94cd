/*
 * A new descriptor gets the lowest number free: right after close(K) an
 * open returns K or less, or fails (analyzer/lowfd.c).
 */
#include <fcntl.h>
#include <unistd.h>

void log_line(const char *s);

void reopened(const char *name, int other)
{
	int a, b, c, d, e;

	close(0);
	a = open(name, O_RDWR);
	__sci_value(a);	/* expect-note: sci-debug "value 'a' = min-0" */
	close(2);
	if ((b = open(name, O_RDWR)) < 0)
		return;
	__sci_value(b);	/* expect-note: sci-debug "value 'b' = 0-2" */
	close(1);
	c = dup(b);
	__sci_value(c);	/* expect-note: sci-debug "value 'c' = min-1" */
	/* a call between may have taken it */
	close(0);
	log_line("reopening");
	d = open(name, O_RDWR);
	__sci_value(d);	/* expect-note: sci-debug "value 'd' = min-max" */
	/* a descriptor not known */
	close(other);
	e = open(name, O_RDWR);
	__sci_value(e);	/* expect-note: sci-debug "value 'e' = min-max" */
	close(d);
	close(e);
}
