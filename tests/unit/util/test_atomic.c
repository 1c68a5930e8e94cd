/*
 * Unit tests: output files (util/atomic.c).  Regular and absent targets
 * are replaced atomically; symlinks are followed to the file they name;
 * FIFOs and character devices are written in place and never replaced;
 * write errors surface at commit.
 *
 * Device nodes are made with mknod() inside the temporary directory, so a
 * broken implementation (these tests run as root in CI) can only ever
 * replace a private node, never the real /dev/null or /dev/full.  Without
 * the privilege to make nodes, the real ones are used: an unprivileged
 * process cannot rename anything into /dev.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "util/atomic.h"
#include "util/error.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/sci-atomic-XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static const char *in_dir(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", dir, name);
	return buf;
}

/* Names in the directory, not counting dot files. */
static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t got;

	assert_non_null(f);
	got = fread(buf, 1, n - 1, f);
	buf[got] = '\0';
	fclose(f);
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void write_all(const char *path, const char *text)
{
	sci_atomic_file *f;

	assert_int_equal(sci_atomic_open(&f, path), 0);
	assert_non_null(f);
	fputs(text, sci_atomic_stream(f));
	assert_int_equal(sci_atomic_commit(f), 0);
}

static mode_t kind(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode & S_IFMT;
}

/*
 * A character device like /dev/@name in the temporary directory, or the
 * real one when nodes cannot be made.  NULL when neither is usable.
 */
static const char *device(char *buf, size_t n, const char *name,
			  unsigned minor)
{
	in_dir(buf, n, name);
	if (mknod(buf, S_IFCHR | 0666, makedev(1, minor)) == 0) {
		int fd = open(buf, O_WRONLY);

		if (fd >= 0) {
			close(fd);
			return buf;
		}
		unlink(buf);	/* a container may forbid opening nodes */
	}
	if (geteuid() == 0)
		return NULL;	/* never risk the real node as root */
	snprintf(buf, n, "/dev/%s", name);
	return access(buf, W_OK) == 0 ? buf : NULL;
}

/* ---- regular files and absent targets ------------------------------------ */

static void test_atomic__commit_replaces_target(void **state)
{
	sci_atomic_file *f;
	char path[128], buf[64];

	(void)state;
	in_dir(path, sizeof(path), "out.json");
	spit(path, "old");
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("new", sci_atomic_stream(f));
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "old");	/* untouched until commit */
	assert_int_equal(sci_atomic_commit(f), 0);
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "new");
	assert_int_equal(entries(), 1);
}

static void test_atomic__absent_target_is_created(void **state)
{
	char path[128], buf[64];
	struct stat st;
	mode_t mask = umask(022);

	(void)state;
	in_dir(path, sizeof(path), "new.sarif");
	write_all(path, "{}\n");
	umask(mask);
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "{}\n");
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(entries(), 1);
}

static void test_atomic__replaced_file_keeps_its_mode(void **state)
{
	char path[128];
	struct stat st;

	(void)state;
	in_dir(path, sizeof(path), "private.json");
	spit(path, "old");
	assert_int_equal(chmod(path, 0600), 0);
	write_all(path, "new");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
}

static void test_atomic__abort_leaves_nothing(void **state)
{
	sci_atomic_file *f;
	char path[128];

	(void)state;
	in_dir(path, sizeof(path), "never.json");
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("partial", sci_atomic_stream(f));
	sci_atomic_abort(f);
	assert_int_equal(entries(), 0);
	assert_int_equal(access(path, F_OK), -1);
	sci_atomic_abort(NULL);
}

/* A pid that ran and exited (its number is free until reused). */
static pid_t dead_pid(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	return pid;
}

static void leftover(char *buf, size_t n, long pid, const char *suffix,
		     time_t age)
{
	char name[64];
	struct utimbuf t;
	FILE *f;

	snprintf(name, sizeof(name), "out.sarif.tmp.%ld.%s", pid, suffix);
	in_dir(buf, n, name);
	assert_non_null(f = fopen(buf, "w"));
	fclose(f);
	t.actime = t.modtime = time(NULL) - age;
	assert_int_equal(utime(buf, &t), 0);
}

static void test_atomic__killed_runs_leftovers_are_removed(void **state)
{
	char path[128], gone[128], young[128], alive[128], other[128];
	long dead = (long)dead_pid();
	sci_atomic_file *f;

	(void)state;
	in_dir(path, sizeof(path), "out.sarif");
	leftover(gone, sizeof(gone), dead, "abc123", 3600);
	/* still being written, maybe by another host on a shared disk */
	leftover(young, sizeof(young), dead, "def456", 0);
	/* a live writer: this process's parent */
	leftover(alive, sizeof(alive), (long)getppid(), "ghi789", 3600);
	/* not a name we make */
	leftover(other, sizeof(other), dead, "toolongname", 3600);
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("{}", sci_atomic_stream(f));
	assert_int_equal(sci_atomic_commit(f), 0);
	assert_int_equal(access(gone, F_OK), -1);
	assert_int_equal(access(young, F_OK), 0);
	assert_int_equal(access(alive, F_OK), 0);
	assert_int_equal(access(other, F_OK), 0);
	assert_int_equal(entries(), 4);
}

static void test_atomic__missing_directory_fails_clearly(void **state)
{
	sci_atomic_file *f = (sci_atomic_file *)1;
	char path[128];

	(void)state;
	in_dir(path, sizeof(path), "no/such/dir/x.json");
	assert_int_equal(sci_atomic_open(&f, path), SCI_EIO);
	assert_null(f);
	assert_non_null(strstr(sci_error_last(), "x.json"));
}

static void test_atomic__directory_is_refused(void **state)
{
	sci_atomic_file *f = (sci_atomic_file *)1;
	char path[128];

	(void)state;
	in_dir(path, sizeof(path), "reports");
	assert_int_equal(mkdir(path, 0777), 0);
	assert_int_equal(sci_atomic_open(&f, path), SCI_EINVALID);
	assert_null(f);
	assert_non_null(strstr(sci_error_last(), "directory"));
	assert_true(kind(path) == S_IFDIR);
	assert_int_equal(entries(), 1);
}

/* ---- symbolic links ------------------------------------------------------- */

static void test_atomic__symlink_replaces_its_target(void **state)
{
	char link[128], target[128], buf[64];

	(void)state;
	in_dir(target, sizeof(target), "real.sarif");
	in_dir(link, sizeof(link), "link.sarif");
	spit(target, "old");
	assert_int_equal(symlink("real.sarif", link), 0);
	write_all(link, "new");
	assert_true(kind(link) == S_IFLNK);	/* still a link */
	slurp(target, buf, sizeof(buf));
	assert_string_equal(buf, "new");
	assert_int_equal(entries(), 2);		/* no temporary left */
}

static void test_atomic__symlink_chain_into_another_directory(void **state)
{
	char sub[128], target[128], mid[128], link[128], buf[64];

	(void)state;
	in_dir(sub, sizeof(sub), "sub");
	assert_int_equal(mkdir(sub, 0777), 0);
	in_dir(target, sizeof(target), "sub/final.json");
	in_dir(mid, sizeof(mid), "sub/mid.json");
	in_dir(link, sizeof(link), "first.json");
	spit(target, "old");
	/* relative links resolve from the directory holding each link */
	assert_int_equal(symlink("final.json", mid), 0);
	assert_int_equal(symlink("sub/mid.json", link), 0);
	write_all(link, "through two links");
	assert_true(kind(link) == S_IFLNK);
	assert_true(kind(mid) == S_IFLNK);
	slurp(target, buf, sizeof(buf));
	assert_string_equal(buf, "through two links");
	assert_int_equal(entries(), 2);		/* sub/ and first.json */
}

static void test_atomic__dangling_symlink_creates_its_target(void **state)
{
	char link[128], target[128], buf[64];

	(void)state;
	in_dir(target, sizeof(target), "later.md");
	in_dir(link, sizeof(link), "summary.md");
	assert_int_equal(symlink(target, link), 0);	/* absolute */
	write_all(link, "# summary\n");
	assert_true(kind(link) == S_IFLNK);
	assert_true(kind(target) == S_IFREG);
	slurp(target, buf, sizeof(buf));
	assert_string_equal(buf, "# summary\n");
}

static void test_atomic__symlink_loop_is_refused(void **state)
{
	sci_atomic_file *f = (sci_atomic_file *)1;
	char a[128], b[128];

	(void)state;
	in_dir(a, sizeof(a), "a");
	in_dir(b, sizeof(b), "b");
	assert_int_equal(symlink("b", a), 0);
	assert_int_equal(symlink("a", b), 0);
	assert_int_equal(sci_atomic_open(&f, a), SCI_EINVALID);
	assert_null(f);
	assert_non_null(strstr(sci_error_last(), "symbolic links"));
	assert_true(kind(a) == S_IFLNK);
	assert_true(kind(b) == S_IFLNK);
}

/* ---- FIFOs and devices ----------------------------------------------------- */

static void test_atomic__fifo_is_written_in_place(void **state)
{
	char fifo[128], buf[64];
	ssize_t n;
	int rd;

	(void)state;
	in_dir(fifo, sizeof(fifo), "pipe");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* the reader exists first, so opening for writing does not block */
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	write_all(fifo, "streamed");
	n = read(rd, buf, sizeof(buf) - 1);
	close(rd);
	assert_int_equal(n, 8);
	buf[n] = '\0';
	assert_string_equal(buf, "streamed");
	assert_true(kind(fifo) == S_IFIFO);
	assert_int_equal(entries(), 1);
}

static void test_atomic__dev_null_stays_a_device(void **state)
{
	char node[128];
	const char *path = device(node, sizeof(node), "null", 3);

	(void)state;
	if (!path)
		skip();
	write_all(path, "discarded");
	assert_true(kind(path) == S_IFCHR);
	if (strncmp(path, "/dev/", 5) != 0)
		assert_int_equal(entries(), 1);
}

static void test_atomic__dev_full_fails_at_commit(void **state)
{
	sci_atomic_file *f;
	char node[128];
	const char *path = device(node, sizeof(node), "full", 7);

	(void)state;
	if (!path)
		skip();
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("{\"version\": \"2.1.0\"}\n", sci_atomic_stream(f));
	assert_int_equal(sci_atomic_commit(f), SCI_EIO);
	assert_non_null(strstr(sci_error_last(), path));
	assert_non_null(strstr(sci_error_last(), strerror(ENOSPC)));
	assert_true(kind(path) == S_IFCHR);
	if (strncmp(path, "/dev/", 5) != 0)
		assert_int_equal(entries(), 1);
}

static void test_atomic__symlink_to_a_device_writes_the_device(void **state)
{
	sci_atomic_file *f;
	char node[128], link[128];
	const char *path = device(node, sizeof(node), "full", 7);

	(void)state;
	if (!path)
		skip();
	in_dir(link, sizeof(link), "out.sarif");
	assert_int_equal(symlink(path, link), 0);
	assert_int_equal(sci_atomic_open(&f, link), 0);
	fputs("x", sci_atomic_stream(f));
	assert_int_equal(sci_atomic_commit(f), SCI_EIO);
	assert_true(kind(link) == S_IFLNK);
	assert_true(kind(path) == S_IFCHR);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_atomic__commit_replaces_target),
		T(test_atomic__absent_target_is_created),
		T(test_atomic__replaced_file_keeps_its_mode),
		T(test_atomic__killed_runs_leftovers_are_removed),
		T(test_atomic__abort_leaves_nothing),
		T(test_atomic__missing_directory_fails_clearly),
		T(test_atomic__directory_is_refused),
		T(test_atomic__symlink_replaces_its_target),
		T(test_atomic__symlink_chain_into_another_directory),
		T(test_atomic__dangling_symlink_creates_its_target),
		T(test_atomic__symlink_loop_is_refused),
		T(test_atomic__fifo_is_written_in_place),
		T(test_atomic__dev_null_stays_a_device),
		T(test_atomic__dev_full_fails_at_commit),
		T(test_atomic__symlink_to_a_device_writes_the_device),
	};
#undef T

	return cmocka_run_group_tests_name("util/atomic", tests, NULL, NULL);
}
