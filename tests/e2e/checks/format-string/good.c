/* expect-none */
/* format-string: formats that must stay silent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the input is an argument, not the format */
void echo_line(void)
{
	char line[128];

	if (!fgets(line, sizeof line, stdin))
		return;
	printf("%s", line);
	fputs(line, stdout);
}

/* a format chosen among the program's own strings */
void chosen(int verbose, int n)
{
	const char *fmt = verbose ? "%d items\n" : "%d\n";

	printf(fmt, n);
}

/* a buffer the program filled itself */
void built(int n)
{
	char fmt[32];

	snprintf(fmt, sizeof fmt, "%%%dd\n", n);
	printf(fmt, 42);
}

/* a constant copied into the buffer, not input */
void copied_constant(void)
{
	char buffer[100] = "";
	char *data = buffer;

	strcpy(data, "fixed string\n");
	printf(data);
}

/* input into one buffer, the format from another */
void two_buffers(void)
{
	char in[64], fmt[16] = "[%s]\n";

	if (fgets(in, sizeof in, stdin))
		printf(fmt, in);
}

/* a printf-like wrapper given its own format, the input as an argument */
#include <stdarg.h>

static void log_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* a function that prints its parameter as data, not as a format */
static void show(const char *text)
{
	fputs(text, stdout);
}

void log_line(void)
{
	char line[80];

	if (!fgets(line, sizeof line, stdin))
		return;
	log_msg("read: %s", line);
	show(line);
}

/* input handed over in memory, printed as an argument by the callee */
static char *g_last_line;

static void print_last(void)
{
	char *msg = g_last_line;

	printf("%s", msg);
}

void last_from_stdin(void)
{
	static char line[128];

	if (!fgets(line, sizeof line, stdin))
		return;
	g_last_line = line;
	print_last();
}

/* the callee replaces what it was handed before using it as a format */
static void print_fixed(char **where)
{
	char *msg = *where;

	msg = "fixed\n";
	printf(msg);
}

void handed_then_replaced(void)
{
	char line[64];
	char *p;

	if (!fgets(line, sizeof line, stdin))
		return;
	p = line;
	print_fixed(&p);
}

/* the same pointer printed as an argument, or moved to a fixed string */
void pointer_set_before_read(void)
{
	char line[64];
	char *p = line;

	if (!fgets(line, sizeof line, stdin))
		return;
	printf("%s", p);
	p = "done\n";
	printf(p);
}
