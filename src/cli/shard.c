/*
 * shard.c - the stable assignment of TUs to shards (see shard.h).
 */
#include "cli/shard.h"
#include "cli/paths.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/sha256.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int parse_part(unsigned *out, const char *s, size_t len)
{
	unsigned long v = 0;
	size_t i;

	if (len == 0 || len > 5)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*out = (unsigned)v;
	return 0;
}

int sci_shard_parse(unsigned *k, unsigned *n, const char *spec)
{
	const char *slash = strchr(spec, '/');
	unsigned kk, nn;

	if (!slash || parse_part(&kk, spec, (size_t)(slash - spec)) < 0 ||
	    parse_part(&nn, slash + 1, strlen(slash + 1)) < 0 ||
	    nn < 1 || nn > SCI_SHARD_MAX || kk < 1 || kk > nn)
		return sci_error_set(SCI_EINVALID,
				     "option '--shard' needs K/N with 1 <= K <= N <= %u (e.g. 2/4), not '%s'",
				     SCI_SHARD_MAX, spec);
	*k = kk;
	*n = nn;
	return 0;
}

unsigned sci_shard_of(const char *rel_path, unsigned n)
{
	unsigned char d[SCI_SHA256_LEN];
	unsigned long long h = 0;
	int i;

	sci_sha256(d, rel_path, strlen(rel_path));
	for (i = 0; i < 8; i++)
		h = (h << 8) | d[i];
	return 1 + (unsigned)(h % n);
}

void sci_shard_mark(sci_tu_list *tus, unsigned k, unsigned n,
		    const char *root, const char *cwd)
{
	char *root_real = root ? realpath(root, NULL) : NULL;
	size_t i;

	for (i = 0; i < tus->n; i++) {
		sci_tu *tu = &tus->items[i];
		char *abs = sci_path_join_dup(tu->directory ? tu->directory : cwd,
					      tu->path);
		char *real = realpath(abs, NULL);
		const char *under = root_real && real ?
				    sci_path_under(real, root_real) : NULL;

		tu->summaries_only = sci_shard_of(under && *under ? under :
						  tu->display ? tu->display : tu->path,
						  n) != k;
		free(real);
		free(abs);
	}
	free(root_real);
}

int sci_shard_check_options(const sci_cli_options *o)
{
	if (o->command == SCI_CMD_MERGE && o->db) {
		if (o->shard_n || o->results || o->base_ref || o->base_sha ||
		    o->compdb || o->flags.n || o->profile || o->nrule_ops ||
		    o->config || o->sarif || o->sarif_suppressed || o->gitlab ||
		    o->markdown || o->json || o->fail_on || o->no_cache)
			return sci_error_set(SCI_EINVALID,
					     "'merge --db OUT' joins shard databases and takes no other option");
		if (!o->files.n)
			return sci_error_set(SCI_EINVALID,
					     "merge --db needs the shards' databases");
		return 0;
	}
	if (o->command == SCI_CMD_MERGE) {
		if (o->shard_n || o->results)
			return sci_error_set(SCI_EINVALID,
					     "merge takes the shards' results files as arguments, not --shard or --results");
		if (o->base_ref || o->base_sha || o->compdb || o->flags.n ||
		    o->profile || o->nrule_ops || o->config)
			return sci_error_set(SCI_EINVALID,
					     "merge analyzes nothing: give --baseline, -p, compiler flags, --config, --profile and --enable/--disable to the shards");
		if (!o->files.n)
			return sci_error_set(SCI_EINVALID,
					     "merge needs the results files of every shard");
		return 0;
	}
	if (o->results && (!o->shard_n || o->command == SCI_CMD_DB_BUILD))
		return sci_error_set(SCI_EINVALID,
				     "option '--results' goes with '--shard K/N' on a check run ('db build --shard' keeps its share in the database)");
	if (!o->shard_n || o->command == SCI_CMD_DB_BUILD)
		return 0;
	if (!o->results)
		return sci_error_set(SCI_EINVALID,
				     "option '--shard' needs '--results FILE' (the shard's findings, for merge)");
	if (o->command != SCI_CMD_CHECK)
		return sci_error_set(SCI_EINVALID,
				     "'--shard' works with a check run, not with baseline or db commands");
	if (o->sarif || o->sarif_suppressed || o->gitlab || o->markdown ||
	    o->json || o->fail_on)
		return sci_error_set(SCI_EINVALID,
				     "a shard writes only its results file: give --sarif, --gitlab, --markdown, --json and --fail-on to merge");
	return 0;
}
