/*
 * fuzz_results.c - the results file of a sharded run (cli/results.h): the
 * one file `smatch-ci merge` reads from other machines.
 *
 * Properties: malformed input is refused with SCI_EJSON or SCI_EINVALID
 * and a message naming the source, never a crash; what parses is written
 * (sci_results_write), read back and written again to the same bytes.
 */
#include "fuzz.h"
#include "cli/results.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sci_results *r = NULL, *again = NULL;
	const char *path = sci_fuzz_path("results.json");
	char *first = NULL;
	uint8_t *bytes = NULL, *bytes2 = NULL;
	size_t n = 0, n2 = 0;
	int e;

	e = sci_results_parse(&r, (const char *)data, size, "fuzz.json");
	if (e < 0) {
		if (e != SCI_EJSON && e != SCI_EINVALID)
			sci_fuzz_fail("unexpected error %d: %s", e, sci_error_last());
		if (!strstr(sci_error_last(), "fuzz.json"))
			sci_fuzz_fail("the message does not name the source: %s",
				      sci_error_last());
		return 0;
	}
	if (sci_results_write(path, r) < 0)
		sci_fuzz_fail("parsed results do not write: %s", sci_error_last());
	if (sci_fuzz_read(path, &bytes, &n) < 0)
		sci_fuzz_fail("cannot read back %s", path);
	first = malloc(n + 1);
	if (!first)
		abort();
	memcpy(first, bytes, n);
	first[n] = '\0';
	if (sci_results_read(&again, path) < 0)
		sci_fuzz_fail("written results do not read back: %s", sci_error_last());
	if (sci_results_write(path, again) < 0 ||
	    sci_fuzz_read(path, &bytes2, &n2) < 0)
		sci_fuzz_fail("results read back do not write: %s", sci_error_last());
	if (n != n2 || memcmp(bytes, bytes2, n) != 0)
		sci_fuzz_fail("results write two ways: %s", first);
	free(first);
	free(bytes);
	free(bytes2);
	sci_results_free(r);
	sci_results_free(again);
	return 0;
}
