/* run: --config kernel.json */
/*
 * The kernel profile's untrusted sources: what copy_from_user() brings
 * from user space indexes nothing unchecked.
 */
#include <stddef.h>

#define EFAULT 14
#define EINVAL 22

unsigned long copy_from_user(void *to, const void *from, unsigned long n);

struct req { int index; int value; };

static int table[16];

int from_copy(const void *ubuf)
{
	struct req r;

	if (copy_from_user(&r, ubuf, sizeof(r)))
		return -EFAULT;
	return table[r.index];	/* expect-error: tainted-index "untrusted index 'r.index'" */
}

int checked(const void *ubuf)
{
	struct req r;

	if (copy_from_user(&r, ubuf, sizeof(r)))
		return -EFAULT;
	if (r.index < 0 || r.index >= 16)
		return -EINVAL;
	return table[r.index];
}
