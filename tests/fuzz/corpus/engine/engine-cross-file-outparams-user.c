typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void make_buf(char **out, size_t n);
void make_direct(int **out);
int try_make(char **out, size_t n);
int make_checked(char **out, size_t n);

int leaks(int fail)
{
	char *buf;

	make_buf(&buf, 64);
	if (fail)
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	free(buf);
	return 0;
}

int freed(void)
{
	char *buf;

	make_buf(&buf, 64);
	buf[0] = 1;
	free(buf);
	return 0;
}

int *handed_on(void)
{
	int *v;

	make_direct(&v);
	return v;
}

int conditional(void)
{
	char *b = NULL;

	if (try_make(&b, 16) < 0)
		return -1;
	free(b);
	return 0;
}

struct node;
struct node *node_push(int v, struct node **list);

struct node *one_node(int v)
{
	struct node *list = NULL;

	return node_push(v, &list);
}

int error_path(void)
{
	char *p;

	if (make_checked(&p, 10) < 0)
		return -1;
	free(p);
	return 0;
}
