/* report_util.c - helpers shared by the report writers (report_int.h). */
#include "report/report_int.h"
#include "util/alloc.h"
#include "util/utf8.h"

#include <stdlib.h>
#include <string.h>

json_t *sci_report__str_new(const char *s)
{
	char *fixed;
	json_t *j;

	if (sci_utf8_valid(s))
		return json_string(s ? s : "");
	fixed = sci_utf8_fix_dup(s);
	j = json_string(fixed);
	free(fixed);
	return j;
}


const char *sci_report__rel_path(const char *path, const char *srcroot)
{
	size_t n;

	if (srcroot && path[0] == '/') {
		n = strlen(srcroot);
		while (n > 0 && srcroot[n - 1] == '/')
			n--;
		if (strncmp(path, srcroot, n) == 0 && path[n] == '/')
			path += n + 1;
	}
	while (path[0] == '.' && path[1] == '/')
		for (path += 2; *path == '/'; path++)
			;
	return path;
}
