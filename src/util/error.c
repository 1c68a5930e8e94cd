/* error.c - the process-wide last-error message (single-threaded tool). */
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>

static char last[1024];

int sci_error_set(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last, sizeof(last), fmt, ap);
	va_end(ap);
	return code;
}

const char *sci_error_last(void)
{
	return last;
}

void sci_error_clear(void)
{
	last[0] = '\0';
}
