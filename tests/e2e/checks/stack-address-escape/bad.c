/* stack-address-escape: the address of the function's own stack memory
 * returned to the caller. */
#include <stdio.h>
#include <string.h>

struct entry {
	int id;
	char name[16];
};

int *counter(void)
{
	int n = 0;

	return &n;	/* expect-error: stack-address-escape "the address of 'n' is returned: it is stack memory of this function, gone once it returns" */
}

const char *label(int id)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "id%d", id);
	return buf;	/* expect-error: stack-address-escape "the address of 'buf' is returned: it is stack memory of this function, gone once it returns" */
}

/* through a copy that moved into the array */
const char *skip_sign(const char *s)
{
	char tmp[16];
	char *p = tmp;

	strncpy(tmp, s, sizeof(tmp) - 1);
	tmp[sizeof(tmp) - 1] = '\0';
	if (*p == '-')
		p++;
	return p;	/* expect-error: stack-address-escape "the address of 'tmp' is returned: it is stack memory of this function, gone once it returns" */
}

/* a member array of a local struct */
char *entry_name(int id)
{
	struct entry e;

	e.id = id;
	strcpy(e.name, "none");
	return e.name;	/* expect-error: stack-address-escape "the address of 'e.name' is returned: it is stack memory of this function, gone once it returns" */
}
