/* Engine: forward goto to a cleanup label, backward goto (retry). */
int step(void);

int forward(int a)
{
	int err = 0;

	if (a < 0) {
		err = -1;
		goto out;
	}
	err = 2;
	__sci_value(err);	/* expect-note: sci-debug "value 'err' = 2" */
out:
	__sci_value(err);	/* expect-note: sci-debug "value 'err' = -1,2" */
	return err;
}

int backward(void)
{
	int tries = 0;
	int rc;

retry:
	rc = step();
	if (rc == 11 && tries < 3) {
		tries++;
		goto retry;
	}
	/* widened upwards only: the loop made by the backward goto adds 1 */
	__sci_value(tries);	/* expect-note: sci-debug "value 'tries' = 0-max" */
	return rc;
}
