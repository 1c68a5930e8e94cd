/* assign-in-condition: a condition that assigns where '==' was meant. */
enum state { IDLE, BUSY };

int start(enum state s)
{
	if (s = IDLE)	/* expect-warning: assign-in-condition "the condition assigns '0' to 's'" */
		return 1;
	return 0;
}

int wait_for(int n, int limit)
{
	while (n = limit)	/* expect-warning: assign-in-condition "the condition assigns 'limit' to 'n'" */
		n--;
	return n;
}

int five(int x)
{
	if (x = 5)	/* expect-warning: assign-in-condition "the condition assigns '5' to 'x'" */
		return x;
	return 0;
}

int loop(int n, int end)
{
	int i;

	for (i = 0; i = end; i++)	/* expect-warning: assign-in-condition "the condition assigns 'end' to 'i'" */
		n++;
	return n;
}
