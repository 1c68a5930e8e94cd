/* the callees of a_callers.c, in another file */
#include <stdio.h>

struct msg {
	char *text;
	int level;
};

extern char *g_line;

void show_line(void)
{
	char *s = g_line;

	printf(s);	/* expect-error: format-string "the format of printf() is 's', which holds input: the input chooses the conversions" */
}

void show_slot(char **v)
{
	char *s = v[1];

	printf(s);	/* expect-error: format-string "the format of printf() is 's', which holds input: the input chooses the conversions" */
}

void show_msg(struct msg m)
{
	printf(m.text);	/* expect-error: format-string "the format of printf() is 'm.text', which holds input: the input chooses the conversions" */
}

void quote_msg(struct msg m)
{
	printf("%d: %s\n", m.level, m.text);
}
