/* expect-none */
/* Sinks of another file: one reads the value it gets, one assigns its
 * parameter before reading it (its summary's "overwrites"), one only
 * hands it back (its summary's "passes"). */
#include <stdio.h>

void show(int value)
{
	printf("%d\n", value);
}

void show_default(int value)
{
	value = 5;
	printf("%d\n", value);
}

/* hands its parameter back, reads nothing (its summary's "passes") */
int pass_back(int value)
{
	return value;
}
