/*
 * summary.h - what one function does, as its callers need to know it: the
 * record the analyzer computes from a function's own analysis, the text
 * the worker sends and the project database stores, and the set of every
 * summary of a run that answers "what does this call do?" for functions
 * of other translation units (issue "Cross-function knowledge").
 *
 * The record is plain data so that the analyzer (which makes and reads
 * summaries), the driver (which routes them between the two phases of a
 * run) and the database (which keeps them between runs) share it without
 * depending on one another.  Its text form is one JSON object (docs/db.md
 * lists the keys); a summary parses back to the same record, and records
 * that are equal format to the same text, so the text is also what a
 * change of summary is detected by.
 */
#ifndef SCI_SUMMARY_SUMMARY_H
#define SCI_SUMMARY_SUMMARY_H

#include <stddef.h>

/* Version of the text form; a summary of another version is not read. */
/* 2: return paths ("paths"); 3: call-site counts ("results");
 * 4: parameters filled with input ("fills"); 5: integer globals defined,
 * written and read ("gdefs", "gwrites", "greads") */
#define SCI_SUMMARY_VERSION 21

/*
 * The name of the record that carries what a TU's file scope says of its
 * globals (definitions and the writes of initializers such as
 * `int *p = &g;`): not a C identifier, so it names no function.
 */
#define SCI_SUMMARY_GLOBALS "=globals"


/* Entries of sci_summary.call_args kept per function. */
#define SCI_SUMMARY_MAX_CALL_ARGS 64
/* Parameters a summary can describe (bit i of a mask is parameter i). */
#define SCI_SUMMARY_MAX_PARAMS 32

/* What the function's return paths give back (sci_summary.returns). */
enum {
	SCI_SUM_RET_FRESH = 1,	/* a fresh allocation the caller owns */
	/*
	 * Some path passes on unchecked a result that may be NULL: an
	 * allocator's (with FRESH), another function's such as getenv() or a
	 * wrapper of it (with OTHER).  Explicit `return NULL` does not count.
	 */
	SCI_SUM_RET_NULL = 2,
	SCI_SUM_RET_OTHER = 4,	/* something else: a value, a pointer, a param */
	/*
	 * Some path returns input, or a pointer to it: what fgets(), read(),
	 * scanf() or getenv() gave, or atoi() of it (the value layer's
	 * "untrusted"); the caller's result is untrusted too.
	 */
	SCI_SUM_RET_INPUT = 8,
	/*
	 * Every path returns what a call that opens a stream or a descriptor
	 * gave (fopen(), open(), another such function), or the failure
	 * value (NULL, a negative constant): the caller must close it.
	 */
	SCI_SUM_RET_OPENED = 16,
	/*
	 * Every path returns memory it released (or NULL): what the caller
	 * gets is already freed, and freeing or using it again is a bug.
	 */
	SCI_SUM_RET_FREED = 32
};

/*
 * How the calls of one function in a function's body treat its result
 * (unchecked-return's statistics): @used in an expression, a condition,
 * an assignment, an argument; @discarded by an expression statement
 * `f();` or an explicit `(void)f();`.
 */
typedef struct {
	char *callee;
	unsigned used, discarded;
} sci_summary_result;

typedef struct {
	char *name;		/* the function */
	char *file;		/* where it is defined, as the worker saw it */
	unsigned line;
	int is_static;		/* internal linkage: not for other TUs */
	unsigned nparams;
	/* parameter masks */
	unsigned derefs;	/* dereferenced on every returning path, unchecked */
	unsigned frees;		/* freed on every returning path */
	unsigned closes;	/* closed (fclose, close...) on every returning path */
	unsigned captures;	/* may be kept after the call */
	/*
	 * Pointer parameters whose pointee - the pointer or descriptor the
	 * caller's variable holds, for `f(&p)` - the function may free,
	 * keep, hand on or replace on some path.  Without the bit it only
	 * reads it: the caller still owns what it holds.
	 */
	unsigned pkeeps;
	/*
	 * Pointer parameters whose pointee (an integer or a pointer) the
	 * first statements that name them read before anything may write
	 * it (`int v = *p;`): passing `&x` there reads x.
	 */
	unsigned preads_first;
	unsigned out_allocs;	/* *param gets a fresh allocation, every path */
	unsigned deref_pointees;/* *param dereferenced unchecked, every path */
	unsigned uses;		/* what param points to is read or written on
				 * some path (checked or not) */
	unsigned formats;	/* params some path uses as a printf format */
	unsigned fills;		/* what param points to receives input (read,
				 * fgets, recv, or a function that fills it)
				 * on some path */
	/*
	 * Integer parameters every returned value is at least (ret_ge) or
	 * at most (ret_le): `if (r < lo || r > hi) die(); return r;`.
	 */
	unsigned ret_ge, ret_le;
	unsigned passes;	/* scalar params the body only returns
				 * (`return p;`): the result is the value
				 * passed, nothing else reads it */
	/*
	 * The pointer parameter every path returns unchanged (one bit at
	 * most): `return buf;` after filling it - the result is what the
	 * caller passed there.
	 */
	unsigned ret_param;
	unsigned overwrites;	/* scalar params the body assigns before
				 * anything reads them: the value passed is
				 * never used */
	/* pointer globals dereferenced unchecked on every path, by name */
	char **deref_globals;
	size_t nderef_globals;
	/*
	 * Pointers reached from a parameter ("0.first", "0->buf", "1[2]",
	 * "0*": the parameter's index, then the place as key.c names it
	 * with the parameter left out) dereferenced on every path before
	 * any check or write of its own: passing NULL there crashes.
	 */
	char **deref_paths;
	size_t nderef_paths;
	/*
	 * Locks held / released on every path that returns, sorted: "$N"
	 * is parameter N itself (a `pthread_mutex_t *`), "$N->lock" a member
	 * path after it, any other name a global's lock ("g_lock", "g.mu").
	 */
	char **locks;
	size_t nlocks;
	/* pointer globals freed on every returning path, by name */
	char **free_globals;
	size_t nfree_globals;
	char **unlocks;
	size_t nunlocks;
	unsigned returns;	/* SCI_SUM_RET_* over every returning path */
	int noreturn;		/* no path returns */
	/*
	 * The values returned, in the analyzer's range-list text ("0-9,99"),
	 * or NULL when unknown (not an integer or pointer, or some path
	 * returns no value).  @ret_soft: the SCI_RL_SOFT_* bits of it.
	 */
	char *ret;
	unsigned ret_soft;
	/*
	 * What every non-NULL return points to the start of, when known
	 * (db.md "ret_obj"): "heap:SIZE", "heap:F*aN" or "heap:F*aN*aM" (a
	 * block of F times parameters N and M bytes: an allocation
	 * wrapper), "static:SIZE:NAME" (a static array); NULL otherwise.
	 */
	char *ret_obj;
	/*
	 * Per return path, what it returns and what it says of parameters
	 * the body never assigns: "RET;N=VALUES;..." (analyzer/ret_paths.c),
	 * sorted; none unless some path narrows a parameter.
	 */
	char **paths;
	size_t npaths;
	/* every function it calls by name, sorted, no duplicates */
	char **calls;
	size_t ncalls;
	/*
	 * What it passes: per call site of a function outside the C library,
	 * "CALLEE;N=VALUES;..." for the arguments whose values are narrower
	 * than their type's, sorted, at most SCI_SUMMARY_MAX_CALL_ARGS.  For
	 * `db show` (what the callers pass); not a fact callers read.
	 */
	char **call_args;
	size_t ncall_args;
	/* per callee called by name, sorted by callee, no duplicates */
	sci_summary_result *results;
	size_t nresults;
	/*
	 * Integer objects with external linkage, so that a global nothing in
	 * the project changes has the value of its definition in every TU
	 * (`int verbose = 0;`, set nowhere).  Sorted, no duplicates:
	 *   gdefs:   "NAME=VALUE" or "NAME=*", what a definition starts it
	 *            with (only in the SCI_SUMMARY_GLOBALS record);
	 *   gwrites: "NAME=VALUE" for an assignment of a constant, "NAME=*"
	 *            for any other write (`g++`, `g += n`, `&g` taken);
	 *   greads:  names it reads (what its TU's findings depend on).
	 */
	char **gdefs;
	size_t ngdefs;
	char **gwrites;
	size_t ngwrites;
	char **greads;
	size_t ngreads;
	/*
	 * The pointers with external linkage it reads, sorted: callers in
	 * other TUs send what they freed or what object it points into
	 * (";gNAME=...#", ";ogNAME=SIZE+OFF/K:NAME" in their call_args).
	 */
	char **gpreads;
	size_t ngpreads;
	/*
	 * The integers and pointers it reaches in one step from a
	 * parameter, read or written, as "N PATH" without the space: "0*" (`*p`), "0[2]"
	 * (`p[2]`), "1->len", "0.first" (a struct passed by value); sorted,
	 * at most 8.  Callers in other TUs send their values (call_args).
	 */
	char **preads;
	size_t npreads;
} sci_summary;

/** Returns a zeroed record (owned: sci_summary_free). */
sci_summary *sci_summary_new(const char *name);
void sci_summary_free(sci_summary *s);
sci_summary *sci_summary_dup(const sci_summary *s);

/** Adds @global to s->deref_globals (kept sorted and unique). */
void sci_summary_add_deref_global(sci_summary *s, const char *global);
/** Adds @path ("0.first") to s->deref_paths (sorted and unique). */
void sci_summary_add_deref_path(sci_summary *s, const char *path);

/** Adds @global to s->free_globals (kept sorted and unique). */
void sci_summary_add_free_global(sci_summary *s, const char *global);
/** Adds @lock to s->locks / s->unlocks (kept sorted and unique). */
void sci_summary_add_lock(sci_summary *s, const char *lock);
void sci_summary_add_unlock(sci_summary *s, const char *lock);

/** Adds @path to s->paths (kept sorted and unique). */
void sci_summary_add_path(sci_summary *s, const char *path);
/** Adds @entry to s->call_args (sorted, unique, up to the maximum). */
void sci_summary_add_call_args(sci_summary *s, const char *entry);

/** Adds @used and @discarded call sites to @callee's s->results entry. */
void sci_summary_add_result(sci_summary *s, const char *callee,
			    unsigned used, unsigned discarded);

/** Add to s->gdefs, s->gwrites, s->greads (kept sorted and unique). */
void sci_summary_add_gdef(sci_summary *s, const char *entry);
void sci_summary_add_gwrite(sci_summary *s, const char *entry);
void sci_summary_add_gread(sci_summary *s, const char *name);
void sci_summary_add_gpread(sci_summary *s, const char *name);
/** Adds @entry to s->preads (kept sorted and unique). */
void sci_summary_add_pread(sci_summary *s, const char *entry);

/** Adds @callee to s->calls (kept sorted and unique). */
void sci_summary_add_call(sci_summary *s, const char *callee);

/**
 * Formats @s as one line of compact JSON with sorted keys.
 * Returns: owned string (free()).  Never fails (dies on out-of-memory).
 */
char *sci_summary_format(const sci_summary *s);

/**
 * Parses sci_summary_format() output.  Returns 0 and an owned record in
 * *out, or SCI_EINVALID (with a message through sci_error_set) for text
 * that is not a summary of SCI_SUMMARY_VERSION.
 */
int sci_summary_parse(sci_summary **out, const char *text);

/** 1 if @a and @b say the same to a caller (name, facts, ret; not file). */
int sci_summary_same_facts(const sci_summary *a, const sci_summary *b);

/*
 * The summaries of a run, by function name.  Only functions with external
 * linkage are visible across TUs; two different definitions of one name
 * (two programs in one tree, each with its own `usage()`) make the name
 * ambiguous, and an ambiguous name has no summary: guessing which one a
 * caller links with could only invent findings.
 */
typedef struct sci_summary_set sci_summary_set;

sci_summary_set *sci_summary_set_new(void);
void sci_summary_set_free(sci_summary_set *set);

/**
 * Adds a copy of @s under @origin (the TU that defined it; borrowed for
 * the set's lifetime is not needed: copied).  Static functions are ignored.
 * A second definition from another origin with other facts makes the name
 * ambiguous; one from the same origin replaces the first.
 */
void sci_summary_set_add(sci_summary_set *set, const sci_summary *s,
			 const char *origin);

/** Adds every definition of @src to @dst, under its own origin. */
void sci_summary_set_merge(sci_summary_set *dst, const sci_summary_set *src);

/** Removes every summary @origin added (a TU being summarized again). */
void sci_summary_set_drop_origin(sci_summary_set *set, const char *origin);

/** Returns: the summary of @name (borrowed), or NULL if none or ambiguous. */
const sci_summary *sci_summary_set_find(const sci_summary_set *set,
					const char *name);

/** Returns: what @origin said of @name (borrowed), ambiguous or not, or NULL. */
const sci_summary *sci_summary_set_find_origin(const sci_summary_set *set,
					       const char *name,
					       const char *origin);

/**
 * A digest of what the summaries @set answers for @names (sorted, unique)
 * say their calls do, as sci_summary_set_find() finds them (a name
 * without one adds nothing): what a TU's findings were computed with.
 * Each summary's part is hashed once and kept while it stands.
 */
void sci_summary_set_names_digest(const sci_summary_set *set,
				  char *const *names, size_t n, char out[65]);
/**
 * A digest of everything @set says to callers (each definition's origin and
 * facts, in a fixed order), as 64 hex digits and a NUL into @out: results
 * computed with the set are valid for another set of the same digest.
 */
void sci_summary_set_digest(const sci_summary_set *set, char out[65]);

/**
 * How many call sites of @callee the functions of @set use and discard
 * the result at, summed over every definition (static ones too) of every
 * TU; a function defined in a header that many TUs include counts once
 * (by its file and name).  Returns 1 when some call site is known.
 */
int sci_summary_set_result_counts(const sci_summary_set *set,
				  const char *callee, unsigned *used,
				  unsigned *discarded);

/**
 * The value of the integer global @name when the whole of @set agrees on
 * one: some TU defines it, every definition and every write of every
 * function (static ones too) gives it the same constant, and nothing takes
 * its address or writes anything else.  Returns 1 and sets *@v, else 0.
 */
int sci_summary_set_global_value(const sci_summary_set *set, const char *name,
				 long long *v);

typedef void (*sci_summary_args_fn)(const char *file, const char *caller,
				    unsigned line, const char *args,
				    void *payload);

/**
 * Every call of @callee whose arguments some function of @set knows
 * something of (its call_args; static callers too, a function of a header
 * that many TUs include once): @fn gets the calling function's file, name
 * and line and the entry's text after "CALLEE;" ("0=10;2=0-15~").  In no
 * fixed order.
 */
void sci_summary_set_call_args(const sci_summary_set *set, const char *callee,
			       sci_summary_args_fn fn, void *payload);

/** Number of names with a usable (unambiguous) summary. */
size_t sci_summary_set_count(const sci_summary_set *set);

#endif
