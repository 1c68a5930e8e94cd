/* expect-none */
/*
 * Functions that use a parameter through a local copy: callbacks that
 * take a `void *` and cast it (Juliet's "64" sinks), plain copies.
 */
#include <stdlib.h>

struct job {
	int id;
	char *name;
};

int job_id(void *arg)
{
	struct job *j = arg;

	return j->id;
}

void job_free(void *arg)
{
	struct job *j = (struct job *)arg;

	free(j->name);
	free(j);
}

int first_of(void *arg)
{
	int **pp = (int **)arg;
	int *p = *pp;

	return *p;
}

/* the copy is replaced before it is used: no use of the parameter */
int own_job(void *arg)
{
	static struct job fallback;
	struct job *j = arg;

	j = &fallback;
	return j->id;
}

/* checked before the use */
int job_id_checked(void *arg)
{
	struct job *j = arg;

	return j ? j->id : -1;
}
