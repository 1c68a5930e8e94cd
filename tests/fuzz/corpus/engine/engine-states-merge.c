/* Engine: checker states, possible states at joins, unreachable paths. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void use(void *);

void possible_states(int c)
{
	char *p = malloc(10);

	if (!p)
		return;
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	if (c)
		free(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = merged (freed, allocated)" */
	if (!c)
		free(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = freed" */
}

void return_implies(void)
{
	char *p = malloc(10);

	if (!p) {
		__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = null" */
		return;
	}
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	use(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = escaped" */
}

void unreachable_merges_nothing(int c)
{
	char *p = malloc(4);

	if (c) {
		free(p);
		return;
	}
	/* the freed path returned: only the allocated one reaches here */
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	free(p);
}

void declared_in_loop(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		int k = 3;

		__sci_value(k);	/* expect-note: sci-debug "value 'k' = 3" */
	}
}

void possible_only(int c)
{
	char *p = malloc(4);

	if (!p)
		return;
	if (c)
		free(p);
	__sci_possible("memory-leak", p);	/* expect-note: sci-debug "possible 'p': freed, allocated" */
	if (!c)
		free(p);
}
