/*
 * A return path says what it leaves in an integer a parameter points to
 * (";*N=" in the summary's paths, analyzer/ret_paths.c): `r = f(&err)`
 * splits on the paths, so a later test of err narrows r, and of r, err.
 */
int table_find(int key, int *err)
{
	*err = 0;
	if (key < 0)
		return -1;
	if (key > 99) {
		*err = -22;
		return -1;
	}
	return key;
}

void by_error(int k)
{
	int err, r;

	r = table_find(k, &err);
	__sci_value(err);	/* expect-note: sci-debug "value 'err' = -22,0" */
	if (err) {
		__sci_value(r);	/* expect-note: sci-debug "value 'r' = -1" */
		return;
	}
	__sci_value(r);	/* expect-note: sci-debug "value 'r' = -1-99" */
	if (r >= 0)
		__sci_value(err);	/* expect-note: sci-debug "value 'err' = 0" */
}
