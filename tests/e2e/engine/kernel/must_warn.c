/* run: --config kernel.json */
/*
 * The kernel profile (kernel.models): kmalloc and friends allocate, kfree
 * frees, spin_lock takes a lock.  Self-contained: the kernel's functions
 * are declared here, as no kernel header is at hand.
 */
#include <stddef.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL 0u
#define ENOMEM 12
#define EINVAL 22

typedef struct { int raw; } spinlock_t;

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kmemdup(const void *src, size_t len, gfp_t flags);
char *kstrdup(const char *s, gfp_t flags);
void *vmalloc(unsigned long size);
void *kvmalloc(size_t size, gfp_t flags);
void kfree(const void *p);
void kvfree(const void *p);
void vfree(const void *p);
void kfree_sensitive(const void *p);
void spin_lock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
void spin_lock_irqsave(spinlock_t *lock, unsigned long flags);
void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
void spin_lock_bh(spinlock_t *lock);
void spin_unlock_bh(spinlock_t *lock);

struct dev {
	spinlock_t lock;
	int count;
	char *name;
};

int leaks_on_error(struct dev *d, int n)
{
	char *buf = kmalloc(n, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	if (n > 4096)
		return -EINVAL;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	d->name = buf;
	return 0;
}

int vmalloc_leak(int n)
{
	int *table = vmalloc(n * sizeof(*table));

	if (!table)
		return -ENOMEM;
	table[0] = n;
	return table[0];	/* expect-warning: memory-leak "memory leak of 'table'" */
}

void frees_twice(struct dev *d)
{
	kfree(d->name);
	if (d->count)
		kfree(d->name);	/* expect-error: double-free "double free of 'd->name'" */
}

void kvfree_twice(void *p)
{
	kvfree(p);
	kvfree(p);	/* expect-error: double-free "double free of 'p'" */
}

int held_on_error(struct dev *d, int v)
{
	spin_lock(&d->lock);
	if (v < 0)
		return -EINVAL;	/* expect-warning: lock-held-on-return "returning with 'd->lock' held" */
	d->count = v;
	spin_unlock(&d->lock);
	return 0;
}

int irqsave_held(struct dev *d, int v)
{
	unsigned long flags = 0;

	spin_lock_irqsave(&d->lock, flags);
	if (!v)
		return -EINVAL;	/* expect-warning: lock-held-on-return "returning with 'd->lock' held" */
	d->count += v;
	spin_unlock_irqrestore(&d->lock, flags);
	return 0;
}

int unchecked(int n)
{
	struct dev *d = kzalloc(sizeof(*d), GFP_KERNEL);

	d->count = n;	/* expect-error: null-deref "'d' could be NULL: the result of kzalloc()" */
	kfree(d);
	return 0;
}

int IS_ERR(const void *ptr);

/* kmalloc() returns NULL, never an error pointer: IS_ERR() is no check */
int wrong_check(int n)
{
	struct dev *d = kmalloc(sizeof(*d), GFP_KERNEL);

	if (IS_ERR(d))
		return -ENOMEM;
	d->count = n;	/* expect-error: null-deref "'d' could be NULL: the result of kmalloc()" */
	kfree(d);
	return 0;
}

int unchecked_array(int n)
{
	int *v = kcalloc(n, sizeof(*v), GFP_KERNEL);

	v[0] = n;	/* expect-error: null-deref "'v' could be NULL: the result of kcalloc()" */
	kfree(v);
	return 0;
}
