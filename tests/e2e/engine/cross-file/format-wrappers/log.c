/* expect-none */
/* A logging function of the project, in its own file (callers: app.c). */
#include <stdarg.h>
#include <stdio.h>

void log_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void log_text(const char *text)
{
	fputs(text, stderr);
}
