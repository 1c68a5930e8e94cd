/*
 * fuzz_baseline.c - the reviewed baseline file reader (baseline.h) on
 * arbitrary bytes.
 *
 * Beyond "no crash, no sanitizer report", the properties baseline.h
 * promises: a load fails with SCI_EINVALID (or SCI_EIO) and a message that
 * names the file; a load that succeeds gives entries sci_baseline_find()
 * finds again by fingerprint; and save, load, save gives identical bytes.
 */
#include "fuzz.h"
#include "baseline/baseline.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_loaded(sci_baseline *bl)
{
	char *problems = NULL;
	size_t i, n = sci_baseline_count(bl);

	for (i = 0; i < n; i++) {
		const sci_baseline_entry *e = sci_baseline_at(bl, i);

		if (!e || sci_baseline_find(bl, e->fingerprint) != e)
			sci_fuzz_fail("entry %zu is not found by its fingerprint", i);
		sci_baseline_is_unjustified(e->justification);
	}
	sci_baseline_check(&problems, bl, NULL, NULL);
	free(problems);
}

static void check_round_trip(const sci_baseline *bl)
{
	char first[4096], second[4096];
	uint8_t *a = NULL, *b = NULL;
	size_t na, nb;
	sci_baseline *again = NULL;

	snprintf(first, sizeof(first), "%s", sci_fuzz_path("saved.json"));
	snprintf(second, sizeof(second), "%s", sci_fuzz_path("saved-again.json"));
	if (sci_baseline_save(bl, first) < 0)
		sci_fuzz_fail("saving a loaded baseline failed: %s", sci_error_last());
	if (sci_baseline_load(&again, first, 0) < 0)
		sci_fuzz_fail("a saved baseline does not load: %s", sci_error_last());
	if (sci_baseline_count(again) != sci_baseline_count(bl))
		sci_fuzz_fail("save and load changed the number of entries");
	if (sci_baseline_save(again, second) < 0)
		sci_fuzz_fail("saving it again failed: %s", sci_error_last());
	if (sci_fuzz_read(first, &a, &na) < 0 || sci_fuzz_read(second, &b, &nb) < 0)
		sci_fuzz_fail("cannot read the saved baselines back");
	if (na != nb || memcmp(a, b, na) != 0)
		sci_fuzz_fail("save, load, save did not give identical bytes");
	free(a);
	free(b);
	sci_baseline_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[4096];
	sci_baseline *bl = NULL;
	int error;

	snprintf(path, sizeof(path), "%s", sci_fuzz_path("baseline.json"));
	sci_fuzz_write(path, data, size);
	error = sci_baseline_load(&bl, path, 0);
	if (error < 0) {
		if (error != SCI_EINVALID && error != SCI_EIO)
			sci_fuzz_fail("load returned %d: %s", error, sci_error_last());
		if (!strstr(sci_error_last(), path))
			sci_fuzz_fail("the message does not name the file: %s",
				      sci_error_last());
		if (bl)
			sci_fuzz_fail("a failed load left *out set");
		return 0;
	}
	check_loaded(bl);
	check_round_trip(bl);
	sci_baseline_free(bl);
	return 0;
}
