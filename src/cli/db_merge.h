/*
 * db_merge.h - `smatch-ci merge --db OUT DB...`: the project databases of
 * the shards of `db build --shard K/N` (or of sharded check runs) joined
 * into one, which a later run - single or sharded - restores.
 *
 * A database is a cache (db/db.h), so the join is a union, not a verdict:
 * for every TU, a record with findings (made by the shard that checks the
 * TU) wins over one without (another shard's walk of it), and the first
 * database given wins among equals.  A missing shard costs only the
 * records it would have brought; nothing is checked across the inputs.
 */
#ifndef SCI_CLI_DB_MERGE_H
#define SCI_CLI_DB_MERGE_H

#include "cli/options.h"

/**
 * Runs the command: o->db is OUT (created if need be), o->files the
 * inputs, which must exist and be smatch-ci databases.  Returns the exit
 * status: 0, or 2 with a message naming the file at fault.
 */
int sci_cli_db_merge(const sci_cli_options *o);

#endif
