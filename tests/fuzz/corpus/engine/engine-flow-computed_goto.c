/*
 * Engine: a computed-goto interpreter loop (lua's lvm.c shape).  Every
 * address-taken label is reached from every `goto *`, including those
 * after it: a value an opcode sets reaches the opcodes before it.
 */
int run(const unsigned char *code)
{
	static void *tab[] = { &&op_load, &&op_set, &&op_halt };
	int acc = 0;
	int mode = 1;

	for (;;) {
		unsigned char op = *code++;

		goto *tab[op];
		{
op_load:
			/* op_set's 2 comes back through the dispatch */
			__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = 1-2" */
			acc += mode;
			op = *code++;
			goto *tab[op];
op_set:
			mode = 2;
			op = *code++;
			goto *tab[op];
op_halt:
			__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = 1-2" */
			return acc;
		}
	}
}

/*
 * Labels after the dispatching region still see its gotos.  The region's
 * widened head seeds the dispatch point, so the entry (v = 5) reaches it
 * too: one bounded approximation rather than a second fixpoint.
 */
int after(int i)
{
	static void *tab[] = { &&a, &&b };
	int v = 5;

	{
a:
		v = 7;
		goto *tab[i & 1];
	}
b:
	__sci_value(v);	/* expect-note: sci-debug "value 'v' = 5,7" */
	return v;
}
