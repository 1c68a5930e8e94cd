#include <stdlib.h>

struct job {
	int id;
	char *name;
};

int job_id(void *arg);
void job_free(void *arg);
int first_of(void *arg);
int own_job(void *arg);
int job_id_checked(void *arg);

int no_job(void)
{
	return job_id(NULL);	/* expect-error: null-deref "NULL is passed to job_id(), which dereferences that argument" */
}

void freed_twice(void)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j)
		return;
	job_free(j);
	free(j);	/* expect-error: double-free "double free of 'j'" */
}

int null_pointee(void)
{
	int *p = NULL;

	return first_of(&p);	/* expect-error: null-deref "'p' is NULL when passed to first_of()" */
}

int fine(void)
{
	return own_job(NULL) + job_id_checked(NULL);
}
