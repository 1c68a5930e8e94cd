/*
 * fs.h - small file-system helpers shared by the modules that write files
 * (the baseline, the result cache, the project database).
 */
#ifndef SCI_UTIL_FS_H
#define SCI_UTIL_FS_H

/**
 * Creates every missing directory above the last '/' of @path (mkdir -p of
 * its parent).  Returns 0 or SCI_EIO naming the directory.
 */
int sci_fs_mkdirs(const char *path);

#endif
