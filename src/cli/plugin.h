/*
 * plugin.h - a project's own checkers, loaded at run time from shared
 * objects (`smatch-ci --plugin FILE.so`, docs/plugins.md).
 *
 * A plugin exports one struct sci_plugin (analyzer/checker.h) listing its
 * checkers; they join the catalogue (analyzer.h) as built-in ones do, so
 * --enable/--disable, --list-checks and SARIF rules see them.  Plugins are
 * loaded in the driver process before any worker is forked: the workers
 * (fork without exec, driver.c) have them without loading anything.  They
 * are never unloaded.
 *
 * What a plugin does decides findings, so its identity - the SHA-256 of
 * the file's bytes, not its path - goes into every cache key and into the
 * options a sharded run's results record (sci_plugin_opts_flags).
 */
#ifndef SCI_CLI_PLUGIN_H
#define SCI_CLI_PLUGIN_H

#include <stddef.h>
#include "cli/strv.h"

/**
 * Loads the plugin @path and adds its checkers to the catalogue.  Nothing
 * of a plugin refused for what it is or holds is added (a full owner
 * table may leave part of one: the run stops then anyway).
 *
 * Returns 0; SCI_ENOTFOUND or SCI_EIO when the file cannot be read;
 * SCI_EINVALID when it is refused: not a shared object, not loadable (a
 * missing symbol, another architecture), no SCI_PLUGIN_SYMBOL descriptor,
 * built for another SCI_CHECKER_API_VERSION, the same plugin given twice,
 * no checkers, a checker without rule id, summary or init, a rule id that
 * is not kebab-case, is reserved or clashes with another checker's, a
 * dependency on an unknown rule or a cycle of dependencies.  The message names @path and the reason.
 */
int sci_plugin_load(const char *path);

/** Number of plugins loaded. */
size_t sci_plugin_count(void);

/** Returns: the SHA-256 (hex) of plugin @i's file, borrowed. */
const char *sci_plugin_sha(size_t i);

/** Returns: the path plugin @i was loaded from, as given; borrowed. */
const char *sci_plugin_path(size_t i);

/**
 * Appends "plugin:<sha256>" for each loaded plugin, in load order, to
 * @out: the part of the cache keys and shard options that plugins decide.
 */
void sci_plugin_opts_flags(sci_strv *out);

#endif
