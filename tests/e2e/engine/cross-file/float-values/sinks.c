/* Sinks whose floating divisor comes from their callers in callers.c:
 * each divides where one caller passes 0.0 or input and another does
 * not; the callers' walks tell them apart. */
#include <math.h>

struct fpair {
	float first, second;
};

int fsink(float d)
{
	return (int)(100.0 / d);	/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
}

int fsink_checked(float d)
{
	if (fabs(d) > 0.000001)
		return (int)(100.0 / d);
	return 0;
}

int fsink_ptr(float *p)
{
	float d = *p;

	return (int)(100.0 / d);	/* expect-error: divide-by-zero "division by 'd', which comes from input and is not checked against 0" */
}

int fsink_struct(struct fpair s)
{
	float d = s.first;

	return (int)(100.0 / d) + (int)(100.0 / s.second);	/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
}

int fsink_array(float *a)
{
	float d = a[2];

	return (int)(100.0 / d);	/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
}

float fsink_scale = 1.0F;

int fsink_global(void)
{
	float d = fsink_scale;

	return (int)(100.0 / d);	/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
}
