/*
 * profile.c - what well-known functions do with memory: the built-in
 * "generic" profile (the library models, library.models via models.c) or
 * the "kernel" one (kernel.models over library.models),
 * extended by the project profile (--profile FILE: allocators,
 * deallocators, noreturn, returns_nonnull, untrusted_sources), then by
 * what the summaries say of the project's own functions (fn_facts.c).
 */
#include "analyzer/engine_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static const sci_analyze_opts *project;

/* The models' allocators and the project's, NULL-terminated. */
static const char **merged_allocators;

static int in_list(const char *const *list, const char *name)
{
	int i;

	if (!name || !list)
		return 0;
	for (i = 0; list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

/* Allocates for some arguments at least: alloc or alloc-if-null. */
static int may_alloc(const sci_model *f)
{
	return f && ((f->flags & SCI_MODEL_ALLOC) || f->alloc_if_null >= 0);
}

static void merge_allocators(const sci_analyze_opts *opts)
{
	const sci_models *tables[2] = { sci__models_builtin(),
					sci__models_layer() };
	const sci_model *f;
	size_t n = 0, i, t;

	free(merged_allocators);
	for (t = 0; t < 2; t++)
		for (f = sci__models_first(tables[t]); f; f = f->next)
			n += may_alloc(f);
	for (i = 0; opts && opts->allocators && opts->allocators[i]; i++)
		n++;
	/* process lifetime: one profile per worker */
	merged_allocators = sci_calloc(n + 1, sizeof(*merged_allocators));
	n = 0;
	for (t = 0; t < 2; t++)
		for (f = sci__models_first(tables[t]); f; f = f->next)
			if (may_alloc(f))
				merged_allocators[n++] = f->name;
	for (i = 0; opts && opts->allocators && opts->allocators[i]; i++)
		merged_allocators[n++] = opts->allocators[i];
}

void sci__profile_set(const sci_analyze_opts *opts)
{
	project = opts;
	sci__models_select(opts ? opts->models : NULL);
	merge_allocators(opts);
}

int sci_profile_is_alloc(const char *name)
{
	return sci__model_has(name, SCI_MODEL_ALLOC) ||
	       (project && in_list(project->allocators, name)) ||
	       sci__fn_facts_is_alloc(name);
}

int sci_profile_size_args(const char *name, int *n, int *m)
{
	const sci_model *f = sci__model(name);

	if (!f || f->size_n < 0)
		return 0;
	*n = f->size_n;
	*m = f->size_m;
	return 1;
}

int sci_call_size_operands(sci_expr *call, sci_expr *out[2],
			   const char **what)
{
	static const struct { const char *name; int len; } copies[] = {
		{ "memcpy", 2 }, { "memmove", 2 }, { "memset", 2 },
		{ "strncpy", 2 }, { "memcmp", 2 }, { "snprintf", 1 },
	};
	const char *name = sci_call_name(call);
	int n, m, k = 0;
	size_t i;

	if (!name)
		return 0;
	if (sci_profile_size_args(name, &n, &m)) {
		*what = "size";
		if ((out[k] = sci_call_arg(call, n)) != NULL)
			k++;
		if (m >= 0 && (out[k] = sci_call_arg(call, m)) != NULL)
			k++;
		return k;
	}
	for (i = 0; i < sizeof(copies) / sizeof(copies[0]); i++)
		if (strcmp(copies[i].name, name) == 0) {
			*what = "length";
			out[0] = sci_call_arg(call, copies[i].len);
			return out[0] != NULL;
		}
	return 0;
}

int sci_profile_is_alloc_call(sci_expr *call)
{
	const char *name = sci_call_name(call);
	const sci_model *f = sci__model(name);
	sci_expr *buf;

	if (f && f->alloc_if_null >= 0) {
		/* realpath(path, NULL) allocates, realpath(path, buf) fills buf */
		buf = sci_call_arg(call, f->alloc_if_null);
		return buf && sci_value_is_null(buf);
	}
	/* a path that a flag or an argument picks (ret_paths.c) */
	return sci_profile_is_alloc(name) ||
	       (sci__ret_paths_call_flags(call) & SCI_RP_FRESH);
}

const char *const *sci_profile_allocators(void)
{
	if (!merged_allocators)
		merge_allocators(project);
	return merged_allocators;
}

const sci_analyze_opts *sci__profile_opts(void)
{
	return project;
}

int sci__profile_is_noreturn(const char *name)
{
	return project && in_list(project->noreturn, name);
}

int sci_profile_free_arg(const char *name)
{
	const sci_model *f;

	if (project && in_list(project->deallocators, name))
		return 0;
	if ((f = sci__model(name)) && f->free_arg >= 0)
		return f->free_arg;
	return sci__fn_facts_free_arg(name);
}

int sci_profile_close_arg(const char *name)
{
	return name ? sci__fn_facts_close_arg(name) : -1;
}

int sci_profile_uses_arg(const char *name, int i)
{
	const sci_nonnull_params *np;

	if (!name || i < 0 || i >= 32)
		return 0;
	np = sci_profile_nonnull_params(name);
	if (np && (np->args & (1u << i)))
		return 1;
	/* the library's "nocapture" functions read or write what they get */
	if (sci__model(name))
		return sci__model_has(name, SCI_MODEL_NOCAPTURE);
	return sci__fn_facts_uses_arg(name, i);
}

int sci_profile_format_arg(const char *name)
{
	const sci_model *f = name ? sci__model(name) : NULL;

	if (f)
		return f->format_arg;
	return name ? sci__fn_facts_format_arg(name) : -1;
}

int sci_profile_is_known(const char *name)
{
	if (!name)
		return 0;
	if (sci__model(name))
		return 1;
	if (project && (in_list(project->allocators, name) ||
			in_list(project->deallocators, name) ||
			in_list(project->noreturn, name) ||
			in_list(project->returns_nonnull, name) ||
			in_list(project->untrusted_sources, name) ||
			in_list(project->must_check, name)))
		return 1;
	return sci__fn_facts_known(name);
}

int sci_profile_is_nocapture(const char *name)
{
	return sci__model_has(name, SCI_MODEL_NOCAPTURE) ||
	       sci__fn_facts_is_nocapture(name);
}

int sci_profile_returns_arg(const char *name)
{
	const sci_model *f = sci__model(name);

	return f ? f->returns_arg : -1;
}

int sci__profile_untrusted_source(const char *name)
{
	return project && in_list(project->untrusted_sources, name);
}

int sci_profile_returns_nonnull(const char *name)
{
	return sci__model_has(name, SCI_MODEL_NONNULL) ||
	       (project && in_list(project->returns_nonnull, name));
}

int sci_profile_may_return_null(const char *name)
{
	if (!name || sci_profile_returns_nonnull(name))
		return 0;
	if (sci__fn_facts_is_alloc(name))
		return sci__fn_facts_may_return_null(name);
	return sci__model_has(name, SCI_MODEL_NULLABLE) ||
	       sci_profile_is_alloc(name) || sci__fn_facts_may_return_null(name);
}

int sci_call_reads_pointee(sci_expr *call, int i)
{
	return sci__fn_facts_reads_pointee(sci__call_name(call), i);
}

int sci_call_keeps_pointee(sci_expr *call, int i)
{
	return sci__fn_facts_keeps_pointee(sci__call_name(call), i);
}

int sci_call_overwrites_arg(sci_expr *call, int i)
{
	const char *name = sci__call_name(call);

	/* or on every path the caller's values let run (ret_paths.c) */
	return name && (sci__fn_facts_overwrites_arg(name, i) ||
			sci__ret_paths_call_unread(call, i));
}

int sci_call_carries(sci_expr *call)
{
	const char *name = sci__call_name(call);

	return name && !sci_call_is_library(call) && sci__fn_facts_known(name);
}

int sci_call_passes_arg(sci_expr *call, int i)
{
	const char *name = sci__call_name(call);

	return name && sci__fn_facts_passes_arg(name, i);
}

int sci_call_may_return_null(sci_expr *call)
{
	const char *name = sci_call_name(call);
	unsigned paths = sci__ret_paths_call_flags(call);
	const sci_model *m;
	sci_expr *arg;

	/* the paths the caller's values let run (ret_paths.c) decide */
	if (!name || (paths & SCI_RP_NONNULL))
		return 0;
	if (sci_profile_may_return_null(name) || (paths & SCI_RP_NULL))
		return 1;
	m = sci__model(name);
	if (!m || m->nullable_if_input < 0 || sci_profile_returns_nonnull(name))
		return 0;
	arg = sci_call_arg(call, m->nullable_if_input);
	return arg && sci_value_untrusted(arg);
}

size_t sci_profile_deref_paths(const char *name, const char *const **out)
{
	*out = NULL;
	return name ? sci__fn_facts_deref_paths(name, out) : 0;
}

const sci_key *sci_key_arg_path(sci_expr *call, const char *path)
{
	char *end;
	long n = strtol(path, &end, 10);
	sci_expr *arg;

	if (end == path || n < 0 || n > 64 ||
	    !(arg = sci_call_arg(call, (int)n)))
		return NULL;
	return sci__key_arg_path(arg, end);
}

size_t sci_profile_deref_globals(const char *name, const char *const **out)
{
	*out = NULL;
	return name ? sci__fn_facts_deref_globals(name, out) : 0;
}

const sci_nonnull_params *sci_profile_pointee_params(const char *name)
{
	return name ? sci__fn_facts_pointees(name) : NULL;
}

unsigned sci_profile_out_allocs(const char *name)
{
	return name ? sci__fn_facts_out_allocs(name) : 0;
}

int sci_profile_assert_arg(const char *name)
{
	const sci_model *f = sci__model(name);

	return f ? f->assert_arg : -1;
}

const sci_nonnull_params *sci_profile_nonnull_params(const char *name)
{
	const sci_model *f = sci__model(name);

	if (!name)
		return NULL;
	if (f && f->nonnull.args)
		return &f->nonnull;
	return sci__fn_facts_nonnull(name);
}

/*
 * A summary's negative values count unless they are only the lower end of
 * its type (`return x;` of an int nothing is known about): a callee that
 * passes on an unknown int does not "return negative errors".
 */
static int summary_negative(const sci_rl *rl, long long *neg)
{
	size_t i;
	int found = 0;

	for (i = 0; rl && i < rl->n; i++) {
		const sci_range *r = &rl->r[i];
		long long v;

		if (r->min >= 0)
			continue;
		if (r->max >= 0 && i == 0 && (rl->soft & SCI_RL_SOFT_MIN))
			continue;
		v = r->max < 0 ? r->max : -1;
		if (!found || v > *neg)
			*neg = v;
		found = 1;
	}
	return found;
}

int sci_call_negative_result(sci_expr *call, long long *neg)
{
	const char *name;
	const sci_model *f;
	const sci_rl *rl;
	sci_vtype vt;

	call = sci__strip(call);
	if (!call || call->type != EXPR_CALL)
		return 0;
	vt = sci__vtype(sci__expr_type(call));
	if (!vt.bits || vt.uns || vt.is_bool)
		return 0;
	name = sci__call_name(call);
	f = sci__model(name);
	if (f && (f->flags & SCI_MODEL_RANGE)) {
		if (f->min >= 0)
			return 0;
		*neg = f->max < 0 ? f->max : -1;
		return 1;
	}
	rl = sci__call_summary(call);
	if (rl)
		return summary_negative(rl, neg);
	if (sci_call_is_library(call)) {
		*neg = -1;
		return 1;
	}
	return 0;
}

int sci_profile_is_must_check(const char *name)
{
	return name && (sci__model_has(name, SCI_MODEL_MUST_CHECK) ||
			(project && in_list(project->must_check, name)));
}

int sci_profile_result_ignorable(const char *name)
{
	return name && (sci__model_has(name, SCI_MODEL_MAY_IGNORE) ||
			sci_profile_returns_arg(name) >= 0);
}

int sci_profile_result_counts(const char *name, unsigned *used,
			      unsigned *discarded)
{
	if (sci__fn_facts_summaries())
		return sci_summary_set_result_counts(sci__fn_facts_summaries(),
						     name, used, discarded);
	return sci__tu_result_counts(name, used, discarded);
}

int sci_profile_must_check_statistics(void)
{
	return project && project->must_check_statistics;
}
