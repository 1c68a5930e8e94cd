/*
 * dbfile.h - whether a path holds an SQLite database that this program
 * made and so may rewrite or delete, decided from the file's raw header
 * bytes before SQLite opens it.  Shared by the result cache
 * (baseline/cache.c) and the project database (db/db_file.c); the SQLite
 * side (schema version, meta table, damage) stays with each of them, so
 * this file needs libc only.
 *
 * Why the raw bytes: opening a foreign database read-write could already
 * change it (SQLite rolls back a hot journal), and deleting a file SQLite
 * calls "not a database" is how a user's file got destroyed.  A file is
 * ours when its header says SQLite and carries our PRAGMA application_id;
 * an owner checks that again (sci_dbfile_is_ours) right before deleting,
 * so a file swapped in meanwhile is not deleted either.
 */
#ifndef SCI_UTIL_DBFILE_H
#define SCI_UTIL_DBFILE_H

/* What a path holds (sci_dbfile.kind). */
enum {
	SCI_DBFILE_NEW,		/* was absent (now an empty file) or empty */
	SCI_DBFILE_OURS,	/* SQLite with our application id */
	SCI_DBFILE_UNMARKED,	/* SQLite with application id 0: the owner
				   decides (a format from before the mark) */
	SCI_DBFILE_FOREIGN,	/* anything else: leave it alone */
	SCI_DBFILE_UNUSABLE	/* cannot tell, or cannot create: no database */
};

typedef struct {
	int kind;		/* SCI_DBFILE_* */
	/* What to open: the path with links resolved (a link stays a link
	 * and the file it names is the database).  Owned; NULL for
	 * FOREIGN and UNUSABLE. */
	char *file;
	/* OURS, UNMARKED: from the header */
	unsigned long user_version;
	int rollback;		/* the header says rollback journal, not WAL */
	/* FOREIGN: what the path is instead ("a directory"); UNUSABLE: the
	 * problem ("cannot create: Permission denied").  Owned. */
	char *why;
} sci_dbfile;

/**
 * Looks at @path for the owner of @app_id: creates its parent directories
 * and, when nothing is there, an empty file (exclusively: when another
 * process creates it first, looks again).  Fills @out (release with
 * sci_dbfile_clear) and returns out->kind.
 */
int sci_dbfile_claim(sci_dbfile *out, const char *path, unsigned long app_id);

void sci_dbfile_clear(sci_dbfile *f);

/** True if @file, read right now, is SQLite with @app_id in its header. */
int sci_dbfile_is_ours(const char *file, unsigned long app_id);

/**
 * Deletes @file with SQLite's side files (-journal, -wal, -shm), which
 * belong to it, and creates it again, empty.  The caller has just checked
 * sci_dbfile_is_ours().  Returns 0, or SCI_EIO (message set) when it
 * cannot be created or something else created it meanwhile.
 */
int sci_dbfile_renew(const char *file);

#endif
