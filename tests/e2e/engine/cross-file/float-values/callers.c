/* expect-none */
/* Callers that pass floating values - a 0.0, input, a checked value -
 * to sinks.c's functions, by value and through a pointer, a struct or
 * an array. */
#include <stdio.h>
#include <stdlib.h>

struct fpair {
	float first, second;
};

int fsink(float d);
int fsink_checked(float d);
int fsink_ptr(float *p);
int fsink_struct(struct fpair s);
int fsink_array(float *a);

int pass_zero(void)
{
	float d = 0.0F;

	return fsink(d);
}

int pass_two(void)
{
	float d = 2.0F;

	return fsink(d);
}

int pass_input(void)
{
	char line[32];
	float d = 1.0F;

	if (fgets(line, sizeof(line), stdin) != NULL)
		d = (float)atof(line);
	return fsink_ptr(&d);
}

int pass_input_checked(void)
{
	char line[32];
	float d = 1.0F;

	if (fgets(line, sizeof(line), stdin) != NULL)
		d = (float)atof(line);
	return fsink_checked(d);
}

int pass_struct(void)
{
	struct fpair s;

	s.first = 0.0F;
	s.second = 1.0F;
	return fsink_struct(s);
}

int pass_array(void)
{
	float a[4] = { 1.0F, 1.0F, 1.0F, 1.0F };
	float zero = 0.0F;

	a[2] = zero;
	return fsink_array(a);
}

/* a global the sink reads, set here before the call */
extern float fsink_scale;
int fsink_global(void);

int global_zero(void)
{
	fsink_scale = 0.0F;
	return fsink_global();
}

int global_set(void)
{
	fsink_scale = 4.0F;
	return fsink_global();
}
