/* Unit tests: the library models file and its parser (analyzer/models.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

/* library.models as built in: it parses, and says what the engine needs */
static void test_models__builtin_file(void **state)
{
	const sci_models *m = sci__models_builtin();
	const sci_model *f;

	assert_non_null(m);
	f = sci__models_find(m, "malloc");
	assert_non_null(f);
	assert_true(f->flags & SCI_MODEL_ALLOC);
	assert_int_equal(f->size_n, 0);
	assert_int_equal(f->size_m, -1);
	assert_int_equal(f->free_arg, -1);
	f = sci__models_find(m, "calloc");
	assert_int_equal(f->size_n, 0);
	assert_int_equal(f->size_m, 1);
	assert_int_equal(sci__models_find(m, "realloc")->free_arg, 0);

	f = sci__models_find(m, "strcpy");
	assert_int_equal(f->nonnull.args, 3);
	assert_int_equal(f->nonnull.size_arg, -1);
	assert_string_equal(f->nonnull.name, "strcpy");
	assert_int_equal(f->returns_arg, 0);
	assert_true(f->flags & SCI_MODEL_NOCAPTURE);
	assert_false(f->flags & SCI_MODEL_ALLOC);
	assert_int_equal(sci__models_find(m, "memcpy")->nonnull.size_arg, 2);
	assert_int_equal(sci__models_find(m, "fgets")->returns_arg, 0);

	f = sci__models_find(m, "realpath");
	assert_int_equal(f->alloc_if_null, 1);
	assert_int_equal(f->returns_arg, 1);
	assert_false(f->flags & SCI_MODEL_ALLOC);
	assert_true(f->flags & SCI_MODEL_NULLABLE);
	f = sci__models_find(m, "getcwd");
	assert_int_equal(f->alloc_if_null, 0);
	assert_int_equal(f->returns_arg, 0);

	assert_true(sci__models_find(m, "exit")->flags & SCI_MODEL_NORETURN);
	assert_true(sci__models_find(m, "pthread_exit")->flags & SCI_MODEL_NORETURN);
	assert_true(sci__models_find(m, "xmalloc")->flags & SCI_MODEL_NONNULL);
	assert_int_equal(sci__models_find(m, "_assert_true")->assert_arg, 0);

	f = sci__models_find(m, "getchar");
	assert_true(f->flags & SCI_MODEL_RANGE);
	assert_true(f->flags & SCI_MODEL_INPUT);
	assert_int_equal(f->min, -1);
	assert_int_equal(f->max, 255);
	assert_int_equal(sci__models_find(m, "strtol")->input_from, 0);
	f = sci__models_find(m, "sscanf");
	assert_int_equal(f->fills, 2);
	assert_true(f->flags & SCI_MODEL_FILLS_REST);
	assert_int_equal(f->fills_if_input, 0);
	f = sci__models_find(m, "strchr");
	assert_int_equal(f->nullable_if_input, 0);
	assert_false(f->flags & SCI_MODEL_NULLABLE);
	assert_int_equal(sci__models_find(m, "malloc")->nullable_if_input, -1);
	f = sci__models_find(m, "read");
	assert_int_equal(f->fills, 1);
	assert_false(f->flags & SCI_MODEL_FILLS_REST);

	f = sci__models_find(m, "pthread_mutex_lock");
	assert_int_equal(f->lock_arg, 0);
	assert_int_equal(f->unlock_arg, -1);
	assert_false(f->flags & SCI_MODEL_SHARED);
	assert_int_equal(sci__models_find(m, "pthread_mutex_unlock")->unlock_arg, 0);
	assert_int_equal(sci__models_find(m, "pthread_spin_trylock")->trylock_arg, 0);
	f = sci__models_find(m, "pthread_rwlock_rdlock");
	assert_int_equal(f->lock_arg, 0);
	assert_true(f->flags & SCI_MODEL_SHARED);
	assert_false(sci__models_find(m, "pthread_rwlock_wrlock")->flags &
		     SCI_MODEL_SHARED);

	assert_null(sci__models_find(m, "no_such_function"));
	assert_null(sci__models_find(m, NULL));
	assert_string_equal(sci__models_first(m)->name, "malloc");
	assert_ptr_equal(sci__model("free"), sci__models_find(m, "free"));
	assert_true(sci__model_has("getenv", SCI_MODEL_NULLABLE));
	assert_false(sci__model_has("strlen", SCI_MODEL_NULLABLE));
}

/*
 * kernel.models, the "kernel" profile's layer: it parses, names nothing
 * library.models names (a name has one model), and is used only when
 * selected.
 */
static void test_models__kernel_file(void **state)
{
	const sci_models *k = sci__models_kernel();
	const sci_model *f;

	assert_non_null(k);
	for (f = sci__models_first(k); f; f = f->next)
		if (sci__models_find(sci__models_builtin(), f->name))
			fail_msg("'%s' is in kernel.models and library.models",
				 f->name);
	assert_true(sci__models_find(k, "kmalloc")->flags & SCI_MODEL_ALLOC);
	assert_int_equal(sci__models_find(k, "kfree")->free_arg, 0);
	f = sci__models_find(k, "mutex_trylock");
	assert_int_equal(f->trylock_arg, 0);
	assert_true(f->flags & SCI_MODEL_NONZERO_OK);
	f = sci__models_find(k, "mutex_lock_interruptible");
	assert_int_equal(f->trylock_arg, 0);
	assert_false(f->flags & SCI_MODEL_NONZERO_OK);
	assert_true(sci__models_find(k, "panic")->flags & SCI_MODEL_NORETURN);
	assert_int_equal(sci__models_find(k, "copy_from_user")->fills, 0);
	assert_int_equal(sci__models_find(k, "IS_ERR_OR_NULL")->null_test, 0);
	assert_null(sci__models_find(k, "IS_ERR"));

	sci__models_select("generic");
	assert_null(sci__models_layer());
	assert_null(sci__model("kmalloc"));
	sci__models_select("kernel");
	assert_ptr_equal(sci__models_layer(), k);
	assert_non_null(sci__model("kmalloc"));
	assert_non_null(sci__model("malloc"));
	sci__models_select(NULL);
	assert_null(sci__model("kfree"));
}

static void test_models__comments_and_blank_lines(void **state)
{
	char err[128] = "";
	unsigned line = 99;
	sci_models *m = sci__models_parse(
		"# a comment\n"
		"\n"
		"  f1\talloc   # trailing comment\r\n"
		"f2 deref=0,2,5 len=1 returns=0\n"
		"f3 range=-5..-1 fills=3+ fills-if-input=1", &line, err, sizeof(err));
	const sci_model *f;

	assert_non_null(m);
	assert_int_equal(line, 0);
	assert_true(sci__models_find(m, "f1")->flags & SCI_MODEL_ALLOC);
	f = sci__models_find(m, "f2");
	assert_int_equal(f->nonnull.args, (1u << 0) | (1u << 2) | (1u << 5));
	assert_int_equal(f->nonnull.size_arg, 1);
	f = sci__models_find(m, "f3");
	assert_int_equal(f->min, -5);
	assert_int_equal(f->max, -1);
	assert_string_equal(sci__models_first(m)->name, "f1");
	assert_string_equal(sci__models_first(m)->next->next->name, "f3");
	assert_null(sci__models_first(m)->next->next->next);
	sci__models_free(m);
}

/* @text's first bad line is @want_line and the message mentions @want. */
static void expect_bad(const char *text, unsigned want_line, const char *want)
{
	char err[128] = "";
	unsigned line = 0;

	assert_null(sci__models_parse(text, &line, err, sizeof(err)));
	assert_int_equal(line, want_line);
	if (!strstr(err, want))
		fail_msg("line %u: '%s' does not mention '%s'", line, err, want);
}

static void test_models__bad_lines(void **state)
{
	expect_bad("f alloc\ng nullable\nh alocc\n", 3, "unknown fact 'alocc'");
	expect_bad("# x\n\nf\n", 3, "has no facts");
	expect_bad("f alloc\nf free=0\n", 2, "listed twice");
	expect_bad("1f alloc\n", 1, "not a function name");
	expect_bad("f deref=32\n", 1, "bad value for 'deref'");
	expect_bad("f deref=0,0\n", 1, "bad value for 'deref'");
	expect_bad("f deref=0,\n", 1, "bad value for 'deref'");
	expect_bad("f free=\n", 1, "bad value for 'free'");
	expect_bad("f free=x\n", 1, "bad value for 'free'");
	expect_bad("f free=-1\n", 1, "bad value for 'free'");
	expect_bad("f size=0*\n", 1, "bad value for 'size'");
	expect_bad("f fills=1+2\n", 1, "bad value for 'fills'");
	expect_bad("f range=5..1\n", 1, "bad value for 'range'");
	expect_bad("f lock=0 nonzero-ok\n", 1, "'nonzero-ok' without 'trylock'");
	expect_bad("f null-test=x\n", 1, "bad value for 'null-test'");
	expect_bad("f range=5\n", 1, "bad value for 'range'");
	expect_bad("f alloc=1\n", 1, "unknown fact 'alloc'");
	expect_bad("f nullable nullable\n", 1, "given twice");
	expect_bad("f free=0 free=1\n", 1, "given twice");
	expect_bad("f nullable nonnull\n", 1, "'nullable' and 'nonnull'");
	expect_bad("f nullable nullable-if-input=0\n", 1,
		   "'nullable-if-input' with 'nullable'");
	expect_bad("f nullable-if-input=x\n", 1, "bad value");
	expect_bad("f alloc alloc-if-null=0\n", 1, "'alloc' and 'alloc-if-null'");
	expect_bad("f len=2\n", 1, "'len' without 'deref'");
	expect_bad("f fills-if-input=0\n", 1, "'fills-if-input' without 'fills'");
	expect_bad("f lock=0 unlock=0\n", 1, "more than one of 'lock'");
	expect_bad("f shared\n", 1, "'shared' without 'lock'");
	expect_bad("f must-check may-ignore\n", 1, "'must-check' and 'may-ignore'");
	expect_bad("f trylock=x\n", 1, "bad value for 'trylock'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_models__builtin_file),
		cmocka_unit_test(test_models__kernel_file),
		cmocka_unit_test(test_models__comments_and_blank_lines),
		cmocka_unit_test(test_models__bad_lines),
	};

	return cmocka_run_group_tests_name("analyzer/models", tests, NULL, NULL);
}
