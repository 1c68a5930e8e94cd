/* expect-none */
/*
 * Values that travel two calls and two files: these callers pass them to
 * b_relay.c, which hands its parameter on to c_sink.c.  The findings are
 * in c_sink.c, where the values go wrong.
 */
int relay_slot(int i);
int relay_div(int d);
int relay_small(int i);
int relay_checked(int i);

int past_the_end(void)
{
	return relay_slot(9);
}

int by_zero(void)
{
	return relay_div(0);
}

int in_range(void)
{
	return relay_small(3) + relay_small(7);
}

int checked_on_the_way(void)
{
	return relay_checked(12);
}
