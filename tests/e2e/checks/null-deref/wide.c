/* null-deref: the wide-character functions of <wchar.h> dereference what
 * their char counterparts do (src/analyzer/library.models). */
#include <stdlib.h>
#include <wchar.h>

wchar_t *copy_wide(const wchar_t *src)
{
	wchar_t *data = realloc(NULL, 100 * sizeof(wchar_t));

	wcscpy(data, src);	/* expect-error: null-deref "'data' could be NULL when passed to wcscpy(): the result of realloc() is not checked" */
	return data;
}

size_t checked_wide(const wchar_t *src)
{
	wchar_t *dup = wcsdup(src);
	size_t n;

	if (!dup)
		return 0;
	n = wcslen(dup);
	free(dup);
	return n;
}

size_t dup_unchecked(const wchar_t *src)
{
	wchar_t *dup = wcsdup(src);
	size_t n = wcslen(dup);	/* expect-error: null-deref "'dup' could be NULL when passed to wcslen(): the result of wcsdup() is not checked" */

	free(dup);
	return n;
}
