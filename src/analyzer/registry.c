/*
 * registry.c - the checker table (src/checks/checks.def, then the
 * checkers plugins added), its catalogue for the driver, and the owner
 * table of one run: engine models first, then the enabled checkers in
 * dependency order.
 */
#include "analyzer/engine_int.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCI_CHECK(name) extern const struct sci_checker sci_checker_##name;
#include "checks/checks.def"
#undef SCI_CHECK

static const struct sci_checker *const builtin[] = {
#define SCI_CHECK(name) &sci_checker_##name,
#include "checks/checks.def"
#undef SCI_CHECK
};

#define NBUILTIN (sizeof(builtin) / sizeof(builtin[0]))
/* Every checker needs an owner id, built-in or not. */
#define MAX_CHECKS (SCI_MAX_OWNERS - SCI_OWNER_FIRST_CHECKER)

sci_owner sci__owners[SCI_MAX_OWNERS];
int sci__nowners;

/*
 * The built-in checkers, then those of plugins in the order they were
 * added.  Process lifetime: a plugin is never unloaded.
 */
static const struct sci_checker *table[MAX_CHECKS];
static size_t nchecks;

static sci_check_info infos[MAX_CHECKS];
static int infos_ready;

static void table_init(void)
{
	size_t i;

	if (nchecks)
		return;
	for (i = 0; i < NBUILTIN; i++)
		table[i] = builtin[i];
	nchecks = NBUILTIN;
}

static int cmp_info(const void *a, const void *b)
{
	return strcmp(((const sci_check_info *)a)->rule,
		      ((const sci_check_info *)b)->rule);
}

static void build_infos(void)
{
	size_t i;

	if (infos_ready)
		return;
	table_init();
	for (i = 0; i < nchecks; i++) {
		infos[i].rule = table[i]->rule;
		infos[i].summary = table[i]->summary;
		infos[i].description = table[i]->description;
		infos[i].level = (sci_level)table[i]->severity;
		infos[i].cwe = table[i]->cwe;
		infos[i].enabled_by_default = table[i]->enabled_by_default;
		infos[i].builtin = i < NBUILTIN;
	}
	qsort(infos, nchecks, sizeof(infos[0]), cmp_info);
	infos_ready = 1;
}

size_t sci_checks_count(void)
{
	table_init();
	return nchecks;
}

const sci_check_info *sci_checks_at(size_t i)
{
	build_infos();
	return i < nchecks ? &infos[i] : NULL;
}

const sci_check_info *sci_checks_find(const char *rule)
{
	size_t i;

	build_infos();
	for (i = 0; i < nchecks; i++)
		if (strcmp(infos[i].rule, rule) == 0)
			return &infos[i];
	return NULL;
}

int sci__owner_find(const char *rule)
{
	int i;

	for (i = 0; i < sci__nowners; i++)
		if (sci__owners[i].rule && strcmp(sci__owners[i].rule, rule) == 0)
			return i;
	return -1;
}

int sci_checks_add(const struct sci_checker *c)
{
	const sci_check_info *other = sci_checks_find(c->rule);

	if (other)
		return sci_error_set(SCI_EINVALID, "rule '%s' is already %s",
				     c->rule, other->builtin ?
				     "a built-in rule" :
				     "the rule of another plugin's checker");
	if (nchecks == MAX_CHECKS)
		return sci_error_set(SCI_EINVALID,
				     "too many checkers: at most %d in all, built-in ones included",
				     MAX_CHECKS);
	table[nchecks++] = c;
	infos_ready = 0;
	return 0;
}

static const struct sci_checker *find_desc(const char *rule)
{
	size_t i;

	for (i = 0; i < nchecks; i++)
		if (strcmp(table[i]->rule, rule) == 0)
			return table[i];
	return NULL;
}

static int wanted(const struct sci_checker *c, const sci_analyze_opts *opts)
{
	size_t i;

	if (!opts || !opts->rules)
		return c->enabled_by_default;
	for (i = 0; i < opts->nrules; i++)
		if (strcmp(opts->rules[i], c->rule) == 0)
			return 1;
	return 0;
}

/* Depth-first: a checker's deps get their owner ids (and hooks) first. */
static void add_checker(const struct sci_checker *c, int *visiting)
{
	const char *const *d;
	size_t idx = 0;

	while (table[idx] != c)
		idx++;
	if (sci__owner_find(c->rule) >= 0)
		return;
	if (visiting[idx]) {
		fprintf(stderr, "smatch-ci: checker dependency cycle at '%s'\n",
			c->rule);
		abort();
	}
	visiting[idx] = 1;
	for (d = c->deps; d && *d; d++) {
		const struct sci_checker *dep = find_desc(*d);

		if (!dep) {
			fprintf(stderr, "smatch-ci: checker '%s' needs unknown '%s'\n",
				c->rule, *d);
			abort();
		}
		add_checker(dep, visiting);
	}
	visiting[idx] = 0;
	if (sci__nowners == SCI_MAX_OWNERS)
		abort();
	sci__owners[sci__nowners].rule = c->rule;
	sci__owners[sci__nowners].merge = c->merge;
	sci__owners[sci__nowners].unmatched = c->unmatched;
	sci__owners[sci__nowners].pre_merge = c->pre_merge;
	sci__owners[sci__nowners].enabled = 1;
	sci__owners[sci__nowners].is_checker = 1;
	sci__owners[sci__nowners].desc = c;
	sci__nowners++;
}

void sci__registry_init(const sci_analyze_opts *opts)
{
	int visiting[MAX_CHECKS] = { 0 };
	size_t i;
	int o;

	table_init();
	memset(sci__owners, 0, sizeof(sci__owners));
	sci__nowners = SCI_OWNER_FIRST_CHECKER;
	sci__extra_register();
	sci__untrusted_register();
	sci__relation_register();
	sci__fn_facts_register();
	sci__points_register();
	sci__freed_register();
	sci__closed_register();
	sci__strlen_register();
	sci__hooks_reset();
	sci__callers_carry_reset();
	sci__locks_register();
	for (i = 0; i < nchecks; i++)
		if (wanted(table[i], opts))
			add_checker(table[i], visiting);
	for (o = SCI_OWNER_FIRST_CHECKER; o < sci__nowners; o++)
		sci__owners[o].desc->init(o);
}
