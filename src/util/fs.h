/*
 * fs.h - small file-system helpers shared by the modules that write files
 * (the baseline, the result cache, the project database) or quote them.
 */
#ifndef SCI_UTIL_FS_H
#define SCI_UTIL_FS_H

/**
 * Creates every missing directory above the last '/' of @path (mkdir -p of
 * its parent).  Returns 0 or SCI_EIO naming the directory.
 */
int sci_fs_mkdirs(const char *path);

/**
 * Line @line (from 1) of the file @path without its end of line, or NULL
 * when the file cannot be read or is shorter.  Returns: owned.
 */
char *sci_fs_line_dup(const char *path, unsigned line);

#endif
