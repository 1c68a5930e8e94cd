/* expect-none */
/* Engine: a translation unit without a function body. */
struct point { int x, y; };
extern int counter;
static const int limit = 3;
int table[4] = { 1, 2, 3, limit };
