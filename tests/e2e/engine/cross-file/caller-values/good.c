/* expect-none */
/* Callers that pass values lib.c's functions handle. */
#include <stdlib.h>

int lib_slot(int i);
int lib_scale(int total, int parts);
int lib_checked(int i);
int lib_mode(int mode, int d);

int first_slot(void)
{
	return lib_slot(0) + lib_slot(7);
}

int per_four(int total)
{
	return lib_scale(total, 4);
}

int checked_past(void)
{
	return lib_checked(8) + lib_checked(-1);
}

/* a zero divisor goes with the mode that does not divide */
int modes(void)
{
	return lib_mode(1, 5) + lib_mode(0, 0);
}

extern int lib_unit, lib_unit_mode, lib_parts;
int lib_in_units(int total);
int lib_share(int total);

/* (another value of lib_parts: the project gives it no single value) */
int share_three(int total)
{
	lib_parts = 3;
	return lib_share(total);
}

int in_units(int total)
{
	lib_unit_mode = 1;
	lib_unit = 8;
	total = lib_in_units(total);
	lib_unit_mode = 0;
	lib_unit = 0;
	return lib_in_units(total);
}

struct lib_ratio {
	int num, den;
};
int lib_by_ref(const int *parts, int total);
int lib_ratio_of(struct lib_ratio r);
int lib_pick(const int *v, int mode);

int by_ref_two(int total)
{
	int parts = 2;

	return lib_by_ref(&parts, total);
}

int ratio_two(int total)
{
	struct lib_ratio r;

	r.num = total;
	r.den = 2;
	return lib_ratio_of(r);
}

/* 9 is past the table, but mode 0 does not index */
int pick_none(void)
{
	int v[3];

	v[2] = 9;
	return lib_pick(v, 0);
}

void lib_drop_slot(char *slots[]);

void drop_live(void)
{
	char *slots[2];

	slots[1] = malloc(4);
	lib_drop_slot(slots);
}
