/*
 * db_cmd.h - `smatch-ci db show FUNCTION` and `smatch-ci db stats`: what
 * the project database (db/db.h) knows, for people and for CI logs.
 * (`db build` is an ordinary run that keeps the database and reports
 * nothing: main.c.)
 */
#ifndef SCI_CLI_DB_CMD_H
#define SCI_CLI_DB_CMD_H

#include "cli/options.h"
#include "db/db.h"

/**
 * The database's path for a run from @cwd: --db FILE (relative to @cwd),
 * else SCI_DB_DEFAULT_PATH under the project root of @cwd.  Owned.
 */
char *sci_cli_db_path(const sci_cli_options *o, const char *cwd);

/**
 * Runs `db show` or `db stats`.  Returns the exit status: 0, 1 when `show`
 * finds no such function, 2 on a usage error or when there is no database
 * (it is never created by these commands).
 */
int sci_cli_db_command(const sci_cli_options *o);

#endif
