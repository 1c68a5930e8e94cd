/*
 * Engine: a call of the C library (a model, defined nowhere in the
 * program) writes none of the program's globals, so their values survive
 * it; unless it gets a function of the program to call, a pointer that may
 * reach them, or they are the library's own state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static int mode;
int verbose;
static int counter;
static int *slot = &counter;
static int table[4];
struct conf { int level; char name[8]; };
static struct conf conf;
static volatile int stop;

void unknown_callee(void);

/* The flag of Juliet's "21" variants: tested after a malloc() */
int *flag_survives_malloc(void)
{
	int *p;

	mode = 1;
	p = malloc(4 * sizeof(*p));
	__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = 1" */
	verbose = 0;
	printf("%p\n", (void *)p);
	__sci_value(verbose);	/* expect-note: sci-debug "value 'verbose' = 0" */
	return p;
}

void forgotten_by_a_project_function(void)
{
	mode = 2;
	unknown_callee();
	__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = min-max" */
}

static int by_mode(const void *a, const void *b)
{
	mode = 3;
	return *(const int *)a - *(const int *)b;
}

void forgotten_by_a_callback(int *v)
{
	mode = 0;
	qsort(v, 4, sizeof(*v), by_mode);
	__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = min-max" */
}

void forgotten_through_its_address(void)
{
	verbose = 0;
	memset(&verbose, 1, sizeof(verbose));
	__sci_value(verbose);	/* expect-note: sci-debug "value 'verbose' = min-max" */
	conf.level = 0;
	memset(&conf, 0xff, sizeof(conf));
	__sci_value(conf.level);	/* expect-note: sci-debug "value 'conf.level' = min-max" */
}

/* counter's address is in slot: a pointer handed to the library may be it */
void forgotten_through_a_pointer(int fd)
{
	counter = 0;
	if (read(fd, slot, sizeof(*slot)) < 0)
		return;
	__sci_value(counter);	/* expect-note: sci-debug "value 'counter' = min-max" */
}

void element_forgotten_through_the_array(int fd)
{
	table[1] = 0;
	if (read(fd, table, sizeof(table)) < 0)
		return;
	__sci_value(table[1]);	/* expect-note: sci-debug "value 'table[1]' = min-max" */
}

/* a pointer to const lets nothing be written: the member keeps its value */
void kept_past_a_const_pointer(void)
{
	conf.level = 4;
	printf("%zu\n", strlen(conf.name));
	__sci_value(conf.level);	/* expect-note: sci-debug "value 'conf.level' = 4" */
}

void volatile_forgotten(void)
{
	stop = 0;
	puts("waiting");
	__sci_value(stop);	/* expect-note: sci-debug "value 'stop' = min-max" */
}

/* getopt() sets optind, declared in the system's headers */
void library_state_forgotten(int argc, char **argv)
{
	optind = 1;
	getopt(argc, argv, "v");
	__sci_value(optind);	/* expect-note: sci-debug "value 'optind' = min-max" */
}

/* scanf() writes through its variadic pointers */
void forgotten_by_scanf(void)
{
	int *p = slot;

	verbose = 0;
	if (scanf("%d", &verbose) != 1)
		return;
	__sci_value(verbose);	/* expect-note: sci-debug "value 'verbose' = min-max" */
	counter = 0;
	if (scanf("%d", p) != 1)
		return;
	__sci_value(counter);	/* expect-note: sci-debug "value 'counter' = min-max" */
}

/* what a global pointer points to may be the library's: errno */
extern int *const errno_ptr;
void forgotten_through_a_global_pointer(const char *name)
{
	*errno_ptr = 0;
	if (open(name, 0) < 0)
		return;
	__sci_value(*errno_ptr);	/* expect-note: sci-debug "value '*errno_ptr' = min-max" */
}
