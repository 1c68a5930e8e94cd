/*
 * standalone.c - main() for a fuzz target built without libFuzzer: runs
 * every file named on the command line through it once, as libFuzzer does
 * with file arguments, so ctest replays corpora and regression inputs in
 * any build.  A broken property aborts, which fails the test.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

/* Targets that need no set-up do not define it. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int main(int argc, char **argv)
{
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		uint8_t *data;
		size_t size;

		if (sci_fuzz_read(argv[i], &data, &size) < 0) {
			fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[i]);
			return 2;
		}
		fprintf(stderr, "Running: %s (%zu bytes)\n", argv[i], size);
		LLVMFuzzerTestOneInput(data, size);
		free(data);
	}
	fprintf(stderr, "%s: %d input(s) ran\n", argv[0], argc - 1);
	return 0;
}
