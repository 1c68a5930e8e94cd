/* expect-none */
/* Hands its parameter on: what its callers pass, the sinks get. */
int sink_slot(int i);
int sink_div(int d);
int sink_small(int i);
int sink_checked(int i);

int relay_slot(int i)
{
	return sink_slot(i);
}

int relay_div(int d)
{
	return sink_div(d);
}

int relay_small(int i)
{
	return sink_small(i);
}

/* only what fits goes on */
int relay_checked(int i)
{
	if (i < 0 || i >= 8)
		return -1;
	return sink_checked(i);
}
