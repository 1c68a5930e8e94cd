/* run: --profile profile.json */
/* lock-held-on-return, double-lock, double-unlock: the profile's "locks" pairs. */
struct dev { int lock; int state; };

void my_spin_lock(int *l);
void my_spin_unlock(int *l);

int dev_set(struct dev *d, int v)
{
	my_spin_lock(&d->lock);
	if (v < 0)
		return -1;	/* expect-warning: lock-held-on-return "returning with 'd->lock' held" */
	d->state = v;
	my_spin_unlock(&d->lock);
	return 0;
}

void dev_twice(struct dev *d)
{
	my_spin_lock(&d->lock);
	my_spin_lock(&d->lock);	/* expect-error: double-lock "'d->lock' is locked again" */
	my_spin_unlock(&d->lock);
	my_spin_unlock(&d->lock);	/* expect-error: double-unlock "'d->lock' is unlocked again" */
}
