/* expect-none */
/* resource-leak: what is closed, handed on or never opened. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct conn { int fd; FILE *log; };

int closed(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	fclose(f);
	return 0;
}

/* the caller gets the descriptor */
int open_for(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd == -1)
		return -1;
	return fd;
}

/* stored where it outlives the call */
int attach(struct conn *c, const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	c->fd = fd;
	return 0;
}

/* fdopen() takes the descriptor over */
int wrap(const char *p)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	FILE *f;

	if (fd < 0)
		return -1;
	f = fdopen(fd, "r+");
	if (!f) {
		close(fd);
		return -1;
	}
	fclose(f);
	(void)p;
	return 0;
}

/* a project function may keep a descriptor */
void register_fd(int fd);

void hand_over(const char *p)
{
	int fd = open(p, O_RDONLY);

	if (fd < 0)
		return;
	register_fd(fd);
}

int write_one(const char *p)
{
	int fd = open(p, O_WRONLY);

	if (fd < 0)
		return -1;
	if (write(fd, "x", 1) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* closed through a copy */
void copy(const char *p)
{
	FILE *f = fopen(p, "r"), *g = f;

	if (f)
		fclose(g);
}

/*
 * A descriptor opened on one path only, tested with < or >= after the
 * join (busybox ftpd.c): on the failure side every value is negative,
 * whichever path set it.
 */
int opened_on_one_path(const char *p, int upload)
{
	int fd = -1;

	if (upload)
		fd = open(p, O_RDONLY);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

void closed_if_opened(const char *p, int upload)
{
	int fd;

	if (upload)
		fd = open(p, O_RDONLY);
	else
		fd = -1;
	if (fd >= 0)
		close(fd);
}

/*
 * The standard descriptors: a /dev/null descriptor dup()ed until it is
 * past 2 leaves 0, 1 and 2 open on purpose (git's sanitize_stdfds()).
 */
void sanitize_stdfds(void)
{
	int fd = open("/dev/null", O_RDWR);

	while (fd >= 0 && fd < 2)
		fd = dup(fd);
	if (fd > 2)
		close(fd);
}

/* a wrapper's failed descriptor replaced by stderr (busybox syslogd) */
static int open_console(void)
{
	return open("/dev/console", O_WRONLY | O_NOCTTY);
}

void to_console(const char *msg, size_t len)
{
	int fd = open_console();

	if (fd < 0)
		fd = 2;
	(void)write(fd, msg, len);
	if (fd != 2)
		close(fd);
}

/* one place: closed through the other member */
void union_closed(const char *path)
{
	union { int fd; int raw; } u;

	u.fd = open(path, O_RDONLY);
	if (u.fd < 0)
		return;
	close(u.raw);
}

/* a failure tested on a copy: nothing was opened on that path */
void copy_tested(const char *path)
{
	int fd, copy;

	fd = open(path, O_RDONLY);
	copy = fd;
	if (copy == -1)
		return;
	close(copy);
}

void copy_closed_when_open(const char *path)
{
	int fd, copy;

	fd = open(path, O_RDONLY);
	copy = fd;
	if (copy != -1)
		close(copy);
}

/* Juliet's 34: through the other member of a union */
void through_union(const char *path)
{
	union { int first; int second; } u;
	int fd = open(path, O_RDWR | O_CREAT, 0600);

	u.first = fd;
	{
		int other = u.second;

		if (other != -1)
			close(other);
	}
}

/* an errno test right after open() is its failure test (busybox rtc.c) */
#include <errno.h>
int xopen(const char *name, int flags);

int open_on_busy(const char *name, int flags)
{
	int fd, tries = 50;
 again:
	errno = 0;
	fd = open(name, flags);
	if (errno == EBUSY) {
		usleep(20 * 1000);
		if (--tries != 0)
			goto again;
		return xopen(name, flags);
	}
	return fd;
}

/* each closed by its own function */
#include <dirent.h>
FILE *open_stream(const char *path);

void closed_by_kind(const char *path)
{
	FILE *p = popen("ls", "r");
	DIR *d = opendir(path);
	FILE *s = open_stream(path);
	int fd = open(path, O_RDONLY);

	if (p)
		pclose(p);
	if (d)
		closedir(d);
	if (s)
		pclose(s);
	if (fd >= 0)
		close(fd);
}

/* closed by functions of the project, a descriptor one too */
static void shut(int fd)
{
	if (fd >= 0)
		close(fd);
}

static void end_stream(FILE *f)
{
	fclose(f);
}

int closed_by_helpers(const char *path)
{
	int fd = open(path, O_RDONLY);
	FILE *f = fopen(path, "r");

	shut(fd);
	if (!f)
		return -1;
	end_stream(f);
	return 0;
}

/*
 * stdin closed, then opened again: the open returns 0 or fails, so
 * `if (fd)` is the failure test (busybox init's open_stdio_to_tty(),
 * through its own wrapper; analyzer/lowfd.c).
 */
void tty_message(const char *what);

static int tty_open(const char *device, int mode)
{
	int f, fd = -1;

	for (f = 0; f < 5; f++) {
		fd = open(device, mode | O_NONBLOCK, 0600);
		if (fd >= 0)
			break;
	}
	return fd;
}

int stdio_to_tty(const char *tty_name)
{
	if (tty_name[0]) {
		int fd;

		close(STDIN_FILENO);
		/* fd can be only < 0 or 0 */
		fd = tty_open(tty_name, O_RDWR);
		if (fd) {
			tty_message("can't open");
			return 0;
		}
		dup2(STDIN_FILENO, STDOUT_FILENO);
	}
	return 1;
}

/*
 * A string's first character tells the paths apart (busybox cttyhack):
 * console holds "/dev/tty" where the open worked and is emptied only
 * where it failed, so `if (!console[0])` is on a path with no descriptor
 * (analyzer/strlen.c; open() only reads its path).
 */
int tty_line(void);

int console_or_fail(char **argv)
{
	int fd, line;
	char console[32];

	strcpy(console, "/dev/tty");
	fd = open(console, O_RDWR);
	if (fd < 0) {
		line = tty_line();
		if (line >= 0)
			sprintf(console + 8, "S%d", line);
		else
			console[0] = '\0';
	}
	if (!argv[0]) {
		if (!console[0])
			return 1;
		if (fd >= 0)
			close(fd);
		return 0;
	}
	if (fd >= 0)
		close(fd);
	return 2;
}
