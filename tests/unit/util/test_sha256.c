/*
 * test_sha256.c - SHA-256 (src/util/sha256.c) against the NIST example
 * vectors (FIPS 180-2 appendix B and the NIST CAVS "long" strings), plus
 * padding boundaries checked against coreutils sha256sum, and the
 * incremental interface split at every offset.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/sha256.h"

static void hex_of(char out[SCI_SHA256_HEX], const void *data, size_t n)
{
	unsigned char d[SCI_SHA256_LEN];

	sci_sha256(d, data, n);
	sci_sha256_hex(out, d);
}

static void assert_digest(const char *msg, const char *expect)
{
	char hex[SCI_SHA256_HEX];

	hex_of(hex, msg, strlen(msg));
	assert_string_equal(hex, expect);
}

static void test_sha256__nist_vectors(void **state)
{
	assert_digest("",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	assert_digest("abc",
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	assert_digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	assert_digest("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
		      "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		"cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

static void test_sha256__million_a(void **state)
{
	char *a = malloc(1000000);
	char hex[SCI_SHA256_HEX];
	unsigned char d[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	size_t i;

	memset(a, 'a', 1000000);
	hex_of(hex, a, 1000000);
	assert_string_equal(hex,
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

	/* the same in uneven pieces (997 is prime, so pieces straddle blocks) */
	sci_sha256_init(&ctx);
	for (i = 0; i < 1000000; i += 997)
		sci_sha256_update(&ctx, a + i, i + 997 > 1000000 ? 1000000 - i : 997);
	sci_sha256_final(&ctx, d);
	sci_sha256_hex(hex, d);
	assert_string_equal(hex,
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(a);
}

/* Lengths around the 55/56 and 64-byte padding boundaries (sha256sum). */
static void test_sha256__padding_boundaries(void **state)
{
	static const struct {
		size_t n;
		const char *hex;
	} cases[] = {
		{ 55, "595615dbe4f0f407ae397d08b4c2cb870cb9b0e11937416f950c5160acf9c005" },
		{ 56, "784f623b787495078e93ff28a25b581df0584055a7e71d8cd90c454716b92f51" },
		{ 63, "5ca3e1ef5207490eac01a795e5cc94d59582a5118bf9534665c8668d87aa647c" },
		{ 64, "2fcd5a0d60e4c941381fcc4e00a4bf8be422c3ddfafb93c809e8d1e2bfffae8e" },
		{ 65, "1b3cd1877ab2f2f19f7be001722554f336cb799df0329de0bb4c118dc6abc06d" },
		{ 119, "faef67da856d6fd9c8d12f9ed0a4fefd3cf0ce085ab43e2907418d457e3c354b" },
		{ 120, "c9512b08619c19fbb503c7da6b46ef20301e5f7a7a5f43989182398536f5c5c8" },
		{ 127, "1b9907986f18ddc2b37e18be502d82d69d6e18bb9dff9e16f2aceea7d88cb933" },
		{ 128, "6c05be2c4268843ae47e68e611277ce62c02153f2f4d2e1e2a1a4b44f766cf74" },
	};
	char buf[128], hex[SCI_SHA256_HEX];
	size_t i, k;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)('a' + i % 26);
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		hex_of(hex, buf, cases[k].n);
		assert_string_equal(hex, cases[k].hex);
	}
}

/* Splitting the input anywhere, including empty pieces, changes nothing. */
static void test_sha256__incremental_matches_one_shot(void **state)
{
	const char *msg = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
			  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
	size_t n = strlen(msg), split;
	unsigned char one[SCI_SHA256_LEN], inc[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;

	sci_sha256(one, msg, n);
	for (split = 0; split <= n; split++) {
		sci_sha256_init(&ctx);
		sci_sha256_update(&ctx, msg, split);
		sci_sha256_update(&ctx, NULL, 0);
		sci_sha256_update(&ctx, msg + split, n - split);
		sci_sha256_final(&ctx, inc);
		assert_memory_equal(one, inc, SCI_SHA256_LEN);
	}
}

static void test_sha256__hex_is_lowercase_and_terminated(void **state)
{
	unsigned char d[SCI_SHA256_LEN];
	char hex[SCI_SHA256_HEX + 1];
	unsigned i;

	for (i = 0; i < SCI_SHA256_LEN; i++)
		d[i] = (unsigned char)(i * 8 + 7);
	memset(hex, 'X', sizeof(hex));
	sci_sha256_hex(hex, d);
	assert_int_equal(strlen(hex), 64);
	assert_int_equal(hex[SCI_SHA256_HEX], 'X');	/* no overrun */
	assert_memory_equal(hex, "070f171f272f373f", 16);
	assert_string_equal(hex + 56, "e7eff7ff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256__nist_vectors),
		cmocka_unit_test(test_sha256__million_a),
		cmocka_unit_test(test_sha256__padding_boundaries),
		cmocka_unit_test(test_sha256__incremental_matches_one_shot),
		cmocka_unit_test(test_sha256__hex_is_lowercase_and_terminated),
	};

	return cmocka_run_group_tests_name("util/sha256", tests, NULL, NULL);
}
