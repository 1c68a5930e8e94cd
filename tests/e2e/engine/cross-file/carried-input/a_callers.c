/* expect-none */
/*
 * A pointer to input handed to a function of another file in memory - a
 * global, an array element, a struct member - rather than as the
 * argument (callers.c, "?format-string.input" in call_args): the
 * findings are in b_sinks.c, where the pointer is used as a format.
 */
#include <stdio.h>

struct msg {
	char *text;
	int level;
};

char *g_line;

void show_line(void);
void show_slot(char **v);
void show_msg(struct msg m);
void quote_msg(struct msg m);

void line_from_stdin(void)
{
	static char buf[100];

	if (!fgets(buf, sizeof buf, stdin))
		return;
	g_line = buf;
	show_line();
}

void slot_from_stdin(void)
{
	static char buf[100];
	char *v[4] = { 0 };

	if (!fgets(buf, sizeof buf, stdin))
		return;
	v[1] = buf;
	show_slot(v);
}

void msg_from_stdin(void)
{
	static char buf[100];
	struct msg m;

	if (!fgets(buf, sizeof buf, stdin))
		return;
	m.text = buf;
	m.level = 1;
	show_msg(m);
	quote_msg(m);
}
