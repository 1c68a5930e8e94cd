/*
 * paths.h - path arithmetic for the driver: making compile database paths
 * absolute and showing them relative to where smatch-ci was started.
 *
 * Lexical only, except sci_path_display_dup(), which falls back on
 * realpath() when the lexical form is not under the working directory
 * (e.g. a compile database written through a symlinked directory).
 */
#ifndef SCI_CLI_PATHS_H
#define SCI_CLI_PATHS_H

/**
 * realpath() of absolute @path, remembered for the rest of the run: the
 * gate resolves the inputs of every TU, the same few hundred headers tens
 * of thousands of times (a third of a one-file re-check of git went to
 * readlink()).  Only what resolved is kept, so a file created later in
 * the run (a merge-base checkout) is seen.  Not thread-safe: the driver's
 * process only.
 *
 * Returns: owned, or NULL (errno set) when @path does not resolve.
 */
char *sci_path_real_dup(const char *path);

/** True if @path starts with '/'. */
int sci_path_is_absolute(const char *path);

/**
 * Removes empty and "." components and folds "dir/.." (lexically).  An
 * empty result becomes "." (or "/" for absolute paths).
 *
 * Returns: owned.
 */
char *sci_path_normalize_dup(const char *path);

/**
 * @path if it is absolute or @base is NULL or empty, else @base/@path;
 * normalized either way.
 *
 * Returns: owned.
 */
char *sci_path_join_dup(const char *base, const char *path);

/**
 * If absolute @path lies strictly below directory @dir (both normalized),
 * returns the part after "@dir/" (borrowed from @path); else NULL.
 */
const char *sci_path_under(const char *path, const char *dir);

/**
 * How a file is shown in reports: @path is resolved against @base_dir (the
 * directory of its compile database entry), then shown relative to @cwd if
 * it lies under @cwd, else absolute.
 *
 * Returns: owned.
 */
char *sci_path_display_dup(const char *path, const char *base_dir,
			   const char *cwd);

/**
 * The project a run in @cwd (absolute) belongs to: the nearest directory
 * at or above @cwd that holds a ".git" entry (a work tree, or a submodule's
 * or worktree's .git file), else @cwd itself, resolved with realpath().
 * Its headers are analyzed like the project's .c files.
 *
 * Returns: owned.
 */
char *sci_path_project_root_dup(const char *cwd);

#endif
