/* format-string: input used as a printf-style format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

void echo_line(void)
{
	char line[128];

	if (!fgets(line, sizeof line, stdin))
		return;
	printf(line);	/* expect-error: format-string "the format of printf() is 'line', which holds input: the input chooses the conversions" */
}

/* appended to what the buffer holds, through a pointer to it */
void appended(void)
{
	char buffer[100] = "";
	char *data = buffer;
	size_t len = strlen(data);

	if (fgets(data + len, (int)(sizeof buffer - len), stdin) == NULL)
		return;
	fprintf(stderr, data);	/* expect-error: format-string "the format of fprintf() is 'data', which holds input: the input chooses the conversions" */
}

/* copied from the environment into a buffer */
void from_environment(char *out, size_t n)
{
	char buffer[100] = "";
	char *env = getenv("GREETING");

	if (env)
		strncat(buffer, env, sizeof buffer - 1);
	snprintf(out, n, buffer);	/* expect-error: format-string "the format of snprintf() is 'buffer', which holds input: the input chooses the conversions" */
}

void logged(int fd)
{
	char msg[64];
	ssize_t got = read(fd, msg, sizeof msg - 1);

	if (got <= 0)
		return;
	msg[got] = '\0';
	syslog(LOG_INFO, msg);	/* expect-error: format-string "the format of syslog() is 'msg', which holds input: the input chooses the conversions" */
}

int main(int argc, char **argv)
{
	if (argc > 1)
		printf(argv[1]);	/* expect-error: format-string "the format of printf() is 'argv[1]', which holds input: the input chooses the conversions" */
	return 0;
}

/* the project's own printf-like wrapper takes its format on (summary) */
#include <stdarg.h>

static void log_msg(int level, const char *fmt, ...)
{
	va_list ap;

	if (level < 2)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void log_line(void)
{
	char line[80];

	if (fgets(line, sizeof line, stdin))
		log_msg(3, line);	/* expect-error: format-string "the format of log_msg() is 'line', which holds input: the input chooses the conversions" */
}

/*
 * Input handed over in memory, not as the argument: the callee's walk
 * starts with it where it reads it (sci_carry_state_if()).
 */
static char *g_pending_line;

static void print_pending(void)
{
	char *msg = g_pending_line;

	printf(msg);	/* expect-error: format-string "the format of printf() is 'msg', which holds input: the input chooses the conversions" */
}

void pending_from_stdin(void)
{
	static char line[128];

	if (!fgets(line, sizeof line, stdin))
		return;
	g_pending_line = line;
	print_pending();
}

static void print_through(char **where)
{
	char *msg = *where;

	fprintf(stderr, msg);	/* expect-error: format-string "the format of fprintf() is 'msg', which holds input: the input chooses the conversions" */
}

void through_pointer(void)
{
	char line[64];
	char *p;

	if (!fgets(line, sizeof line, stdin))
		return;
	p = line;
	print_through(&p);
}

/* a pointer set to the buffer before the read: it points to input after */
void pointer_set_before_read(void)
{
	char line[64];
	char *p = line;

	if (fgets(line, sizeof line, stdin))
		printf(p);	/* expect-error: format-string "the format of printf() is 'p', which holds input: the input chooses the conversions" */
}
