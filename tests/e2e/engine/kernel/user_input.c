/* run: --config kernel.json */
/*
 * The kernel profile's untrusted sources: what copy_from_user() and
 * get_user() bring from user space indexes nothing unchecked.  get_user(x,
 * ptr) is a macro that assigns x; declared here as a function of x, as the
 * engine sees the call.
 */
#include <stddef.h>

#define EFAULT 14
#define EINVAL 22

unsigned long copy_from_user(void *to, const void *from, unsigned long n);
int get_user(int x, const int *ptr);

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

int from_get_user(const int *uptr)
{
	int idx = 0;

	if (get_user(idx, uptr))
		return -EFAULT;
	return table[idx];	/* expect-error: tainted-index "untrusted index 'idx'" */
}

int get_user_checked(const int *uptr)
{
	int idx = 0;

	if (get_user(idx, uptr))
		return -EFAULT;
	if (idx < 0 || idx >= 16)
		return -EINVAL;
	return table[idx];
}
