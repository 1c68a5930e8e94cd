/*
 * db_cmd.c - `smatch-ci db show` and `db stats` (db_cmd.h).
 */
#include "cli/db_cmd.h"

#include "cli/paths.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *sci_cli_db_path(const sci_cli_options *o, const char *cwd)
{
	char *root, *path;

	if (o->db)
		return sci_path_join_dup(cwd, o->db);
	root = sci_path_project_root_dup(cwd);
	path = sci_path_join_dup(root ? root : cwd, SCI_DB_DEFAULT_PATH);
	free(root);
	return path;
}

static int usage(const char *msg)
{
	fprintf(stderr, "smatch-ci: error: %s\n", msg);
	return 2;
}

static void print_stats(const char *path, const sci_db_stats *st)
{
	printf("database:    %s\n", path);
	printf("TUs:         %zu (%zu with findings)\n", st->tus, st->analyzed);
	printf("functions:   %zu summaries, %zu names\n", st->functions,
	       st->names);
	printf("input files: %zu\n", st->inputs);
	printf("size:        %lld bytes\n", st->bytes);
}

int sci_cli_db_command(const sci_cli_options *o)
{
	char cwd[PATH_MAX], *path;
	sci_db_stats st;
	sci_db *db = NULL;
	int code = 2, e;

	if (o->command == SCI_CMD_DB_SHOW && o->files.n != 1)
		return usage("'db show' needs one function name");
	if (o->command == SCI_CMD_DB_STATS && o->files.n)
		return usage("'db stats' takes no arguments");
	if (!getcwd(cwd, sizeof(cwd)))
		return usage("cannot get the working directory");
	path = sci_cli_db_path(o, cwd);
	if (access(path, F_OK) != 0) {
		fprintf(stderr, "smatch-ci: error: no project database at '%s' (%s); 'smatch-ci db build' makes one\n",
			path, strerror(errno));
		goto done;
	}
	if (sci_db_open(&db, path) < 0) {
		fprintf(stderr, "smatch-ci: error: %s\n", sci_error_last());
		goto done;
	}
	if (sci_db_warning(db))
		fprintf(stderr, "smatch-ci: warning: %s\n", sci_db_warning(db));
	if (o->command == SCI_CMD_DB_STATS) {
		if (sci_db_stats_get(db, &st) < 0) {
			fprintf(stderr, "smatch-ci: error: cannot read the database '%s'\n",
				path);
			goto done;
		}
		print_stats(path, &st);
		code = 0;
		goto done;
	}
	e = sci_db_show(db, o->files.v[0], stdout);
	if (e == SCI_ENOTFOUND) {
		fprintf(stderr, "smatch-ci: no TU in '%s' defines or calls '%s'\n",
			path, o->files.v[0]);
		code = 1;
	} else if (e < 0) {
		fprintf(stderr, "smatch-ci: error: cannot read the database '%s'\n",
			path);
	} else {
		code = 0;
	}
done:
	sci_db_free(db);
	free(path);
	return code;
}
