/*
 * kvtool FILE [NAME...] - prints the values of NAMEs set in FILE, or all
 * of them.  NAME=DEFAULT gives a default for a NAME that is not set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"

static int print_one(const struct kv_store *s, const char *arg)
{
	char *name = strdup(arg);
	char *eq;
	const char *value;

	if (!name) {
		perror("strdup");
		return -1;
	}
	eq = strchr(name, '=');
	if (eq)
		*eq++ = '\0';
	value = kv_get_or(s, name, eq);
	if (value)
		printf("%s=%s\n", name, value);
	free(name);
	return value ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct kv_store *s;
	int i, ret = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE [NAME[=DEFAULT]...]\n",
			argv[0]);
		return 2;
	}
	s = kv_new();
	if (!s) {
		perror("kv_new");
		return 1;
	}
	if (kv_load(s, argv[1]) < 0)
		goto out;
	if (argc == 2)
		kv_dump(s, stdout);
	for (i = 2; i < argc; i++)
		if (print_one(s, argv[i]) < 0)
			goto out;
	ret = 0;
out:
	kv_free(s);
	return ret;
}
