/* Engine: switch with cases, ranges, default, fall-through and break. */
int pick(int v)
{
	int r = 0;

	switch (v) {
	case 1:
		__sci_value(v);	/* expect-note: sci-debug "value 'v' = 1" */
		r = 10;
		break;
	case 2:
	case 3:
		__sci_value(v);	/* expect-note: sci-debug "value 'v' = 2-3" */
		r = 20;
		/* fall through */
	case 4 ... 6:
		__sci_value(v);	/* expect-note: sci-debug "value 'v' = 2-6" */
		r += 1;
		break;
	default:
		__sci_value(v);	/* expect-note: sci-debug "value 'v' = min-0,7-max" */
		r = 30;
	}
	__sci_value(r);		/* expect-note: sci-debug "value 'r' = 1,10,21,30" */
	return r;
}

int no_default(int v)
{
	int r = 5;

	switch (v) {
	case 0:
		r = 1;
		break;
	}
	__sci_value(r);		/* expect-note: sci-debug "value 'r' = 1,5" */
	return r;
}
