/* run: --config kernel.json */
/* expect-none */
/*
 * The kernel profile's silent shapes: error pointers tested with IS_ERR,
 * memory freed on every path, conditional lock functions whose failure is
 * handled, noreturn functions.  Self-contained: no kernel header.
 */
#include <stddef.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL 0u
#define ENOMEM 12
#define EINVAL 22
#define EBUSY 16
#define EINTR 4
#define MAX_ERRNO 4095

struct mutex { int owner; };
struct semaphore { int count; };
typedef struct { int raw; } spinlock_t;

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *krealloc(const void *p, size_t size, gfp_t flags);
void kfree(const void *p);
void kfree_sensitive(const void *p);
void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
int mutex_trylock(struct mutex *m);
int mutex_lock_interruptible(struct mutex *m);
int down_trylock(struct semaphore *s);
int down_interruptible(struct semaphore *s);
void up(struct semaphore *s);
void spin_lock_bh(spinlock_t *lock);
void spin_unlock_bh(spinlock_t *lock);
void panic(const char *fmt, ...);
void BUG(void);
int setup(void);

/* as <linux/err.h> has them */
static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline int IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

static inline int IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

struct dev {
	struct mutex lock;
	struct semaphore sem;
	spinlock_t slock;
	int count;
	char *name;
};

/* returns an error pointer, never NULL */
struct dev *dev_create(int id)
{
	struct dev *d;
	int ret = setup();

	if (ret)
		return ERR_PTR(ret);
	if (id < 0)
		return ERR_PTR(-EINVAL);
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return ERR_PTR(-ENOMEM);
	d->count = id;
	return d;
}

int dev_use(int id)
{
	struct dev *d = dev_create(id);
	int n;

	if (IS_ERR(d))
		return PTR_ERR(d);
	n = d->count;
	kfree(d);
	return n;
}

int dev_use_goto(int id)
{
	struct dev *d = dev_create(id);
	int ret = 0;

	if (IS_ERR(d)) {
		ret = PTR_ERR(d);
		goto out;
	}
	d->count++;
	kfree(d);
out:
	return ret;
}

/* IS_ERR_OR_NULL() tests against NULL too */
int or_null_checked(int n)
{
	struct dev *d = kmalloc(sizeof(*d), GFP_KERNEL);

	if (IS_ERR_OR_NULL(d))
		return -ENOMEM;
	d->count = n;
	kfree(d);
	return 0;
}

int or_null_negated(int n)
{
	struct dev *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!IS_ERR_OR_NULL(d)) {
		d->count = n;
		kfree(d);
	}
	return 0;
}

int frees_everywhere(int n)
{
	char *a = kmalloc(n, GFP_KERNEL);
	char *b;

	if (!a)
		return -ENOMEM;
	b = kmalloc(n, GFP_KERNEL);
	if (!b) {
		kfree(a);
		return -ENOMEM;
	}
	a[0] = b[0] = 0;
	kfree_sensitive(b);
	kfree(a);
	return 0;
}

int grows(struct dev *d, int n)
{
	char *p = krealloc(d->name, n, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	d->name = p;
	return 0;
}

int trylock_handled(struct dev *d)
{
	if (!mutex_trylock(&d->lock))
		return -EBUSY;
	d->count++;
	mutex_unlock(&d->lock);
	return 0;
}

int trylock_positive(struct dev *d)
{
	if (mutex_trylock(&d->lock)) {
		d->count++;
		mutex_unlock(&d->lock);
		return 0;
	}
	return -EBUSY;
}

int interruptible_handled(struct dev *d)
{
	int ret = mutex_lock_interruptible(&d->lock);

	if (ret)
		return ret;
	d->count++;
	mutex_unlock(&d->lock);
	return 0;
}

int interruptible_direct(struct dev *d)
{
	if (mutex_lock_interruptible(&d->lock))
		return -EINTR;
	d->count++;
	mutex_unlock(&d->lock);
	return 0;
}

int semaphores(struct dev *d)
{
	if (down_trylock(&d->sem))
		return -EBUSY;
	d->count++;
	up(&d->sem);
	if (down_interruptible(&d->sem))
		return -EINTR;
	d->count--;
	up(&d->sem);
	return 0;
}

void bh_paired(struct dev *d, int v)
{
	spin_lock_bh(&d->slock);
	if (v)
		d->count = v;
	spin_unlock_bh(&d->slock);
}

int never_returns(int n)
{
	struct dev *d = kmalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		panic("no memory for %d", n);
	d->count = n;
	if (d->count < 0)
		BUG();
	kfree(d);
	return n;
}
