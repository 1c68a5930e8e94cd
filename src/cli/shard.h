/*
 * shard.h - which translation units a CI job of a sharded run analyzes
 * (`--shard K/N`, docs/results-file.md).
 *
 * A TU belongs to shard 1 + (H mod N), where H is the first 8 bytes (big
 * endian) of the SHA-256 of its repository-relative path.  Only the path
 * goes in: runners that check the tree out in different directories, or
 * that hold different caches, agree on the assignment, so no TU is lost
 * or analyzed twice.  Balancing by recorded cost was rejected for that
 * reason (see docs/results-file.md).
 */
#ifndef SCI_CLI_SHARD_H
#define SCI_CLI_SHARD_H

#include "cli/options.h"
#include "cli/plan.h"

/* More shards than this is a typo, not a CI matrix. */
#define SCI_SHARD_MAX 1024u

/**
 * Parses "K/N" (1 <= K <= N <= SCI_SHARD_MAX) into *@k and *@n.
 * Returns 0 or SCI_EINVALID with the reason.
 */
int sci_shard_parse(unsigned *k, unsigned *n, const char *spec);

/** The shard (1..@n) that owns the TU named @rel_path; @n >= 1. */
unsigned sci_shard_of(const char *rel_path, unsigned n);

/**
 * Marks the TUs of @tus that are not shard @k of @n as summaries_only
 * (plan.h), naming each by its path relative to @root (absolute; NULL:
 * by its display name).  For `db build --shard`; the gate names TUs the
 * same way (gate.c, shard_name()).
 */
void sci_shard_mark(sci_tu_list *tus, unsigned k, unsigned n,
		    const char *root, const char *cwd);

/**
 * Refuses the combinations sharding does not support, before any work:
 * --shard without --results (and the reverse; `db build --shard` takes
 * no --results), --shard with a baseline command, and `merge` with
 * analysis input (FILE flags, -p, a base, --shard) or without files.  Returns 0 or SCI_EINVALID.
 */
int sci_shard_check_options(const sci_cli_options *o);

#endif
