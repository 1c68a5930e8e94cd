/* expect-none */
/* Callers that pass the values lib.c's functions go wrong with. */
#include <stdio.h>
#include <stdlib.h>

int lib_slot(int i);
int lib_scale(int total, int parts);
int lib_input(int i);

int last_slot(void)
{
	return lib_slot(8);
}

int per_nothing(int total)
{
	return lib_scale(total, 0);
}

int slot_from_input(void)
{
	char line[32];

	if (!fgets(line, sizeof(line), stdin))
		return 0;
	return lib_input(atoi(line));
}

extern int lib_parts;
int lib_share(int total);

int share_nothing(int total)
{
	lib_parts = 0;
	return lib_share(total);
}

struct lib_ratio {
	int num, den;
};
int lib_by_ref(const int *parts, int total);
int lib_ratio_of(struct lib_ratio r);

int by_ref_nothing(int total)
{
	int parts = 0;

	return lib_by_ref(&parts, total);
}

int ratio_nothing(int total)
{
	struct lib_ratio r;

	r.num = total;
	r.den = 0;
	return lib_ratio_of(r);
}

void lib_drop_slot(char *slots[]);

void drop_freed(void)
{
	char *p = malloc(4), *slots[2];

	if (!p)
		return;
	free(p);
	slots[1] = p;
	lib_drop_slot(slots);
}
