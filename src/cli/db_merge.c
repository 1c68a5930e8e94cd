/*
 * db_merge.c - joining shard databases (db_merge.h).
 */
#include "cli/db_merge.h"
#include "cli/project_db.h"
#include "cli/strv.h"
#include "db/db.h"
#include "util/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
	sci_db *in;
	sci_db *out;
	/* walk keys (project_db.h) of every key the inputs hold, sorted */
	sci_strv walks;
	size_t copied;
	size_t kept;
	size_t dropped;
} join_ctx;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int note_walk(const char *key, void *payload)
{
	join_ctx *j = payload;
	char walk[SCI_DB_HASH_HEX];

	sci_project_walk_key(walk, key);
	sci_strv_push(&j->walks, walk);
	return 0;
}

static int copy_tu(const char *key, void *payload)
{
	join_ctx *j = payload;
	sci_db_tu *src = NULL, *dst = NULL;

	/* another shard's walk of a TU whose checked record is here */
	if (j->walks.n && bsearch(&key, j->walks.v, j->walks.n,
				  sizeof(*j->walks.v), cmp_str)) {
		j->dropped++;
		return 0;
	}
	if (sci_db_tu_get(j->in, key, &src) < 0)
		return 0;	/* unreadable: a cache miss, said as a warning */
	/* a checked record beats a walk; otherwise the first one stays */
	if (sci_db_tu_get(j->out, key, &dst) == 0 &&
	    (dst->findings || !src->findings)) {
		j->kept++;
	} else {
		sci_db_tu_put(j->out, src);
		j->copied++;
	}
	sci_db_tu_free(src);
	sci_db_tu_free(dst);
	return 0;
}

static int refuse(const char *what)
{
	fprintf(stderr, "smatch-ci: error: %s\n", what);
	return 2;
}

int sci_cli_db_merge(const sci_cli_options *o)
{
	join_ctx j;
	struct stat st;
	size_t i;
	int code = 0, pass;

	/* before OUT exists: a typo must not leave an empty database */
	for (i = 0; i < o->files.n; i++)
		if (stat(o->files.v[i], &st) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_size == 0) {
			char msg[1024];

			snprintf(msg, sizeof(msg), "'%s' is not a smatch-ci database: %s",
				 o->files.v[i], stat(o->files.v[i], &st) != 0 ?
				 strerror(errno) : "not a non-empty regular file");
			return refuse(msg);
		}
	memset(&j, 0, sizeof(j));
	if (sci_db_open(&j.out, o->db) < 0)
		return refuse(sci_error_last());
	for (pass = 0; pass < 2 && code == 0; pass++) {
		for (i = 0; i < o->files.n && code == 0; i++) {
			if (sci_db_open(&j.in, o->files.v[i]) < 0) {
				code = refuse(sci_error_last());
				break;
			}
			if (pass == 0 && sci_db_warning(j.in))
				fprintf(stderr, "smatch-ci: warning: %s\n",
					sci_db_warning(j.in));
			if (sci_db_foreach_key(j.in, pass ? copy_tu : note_walk,
					       &j) < 0)
				code = refuse(sci_error_last());
			sci_db_free(j.in);
			j.in = NULL;
		}
		if (pass == 0 && j.walks.n)
			qsort(j.walks.v, j.walks.n, sizeof(*j.walks.v), cmp_str);
	}
	sci_strv_clear(&j.walks);
	if (code == 0 && !sci_db_enabled(j.out)) {
		/* a no-op output dropped what was put: not a success */
		char msg[1024];

		snprintf(msg, sizeof(msg), "%s", sci_db_warning(j.out));
		code = refuse(msg);
	}
	if (code == 0)
		printf("smatch-ci: %s: %zu records from %zu databases stored, %zu already there, %zu walks made redundant by the checked records dropped\n",
		       o->db, j.copied, o->files.n, j.kept, j.dropped);
	sci_db_free(j.out);
	return code;
}
