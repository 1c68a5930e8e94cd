/*
 * sha256.h - SHA-256 (FIPS 180-4), one-shot and incremental.
 *
 * Used for fingerprints and cache keys, where we need a stable,
 * collision-resistant digest and no crypto library dependency.  Not
 * constant-time and not meant for secrets.
 */
#ifndef SCI_UTIL_SHA256_H
#define SCI_UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* Digest size in bytes, and in hex characters plus NUL. */
#define SCI_SHA256_LEN 32
#define SCI_SHA256_HEX 65

typedef struct {
	uint32_t h[8];		/* chaining state */
	uint64_t nbytes;	/* total message length so far */
	unsigned char buf[64];	/* partial block */
	size_t nbuf;		/* bytes used in buf */
} sci_sha256_ctx;

/** Starts a new digest in @ctx. */
void sci_sha256_init(sci_sha256_ctx *ctx);

/** Feeds @n bytes at @data (NULL is fine when @n is 0). */
void sci_sha256_update(sci_sha256_ctx *ctx, const void *data, size_t n);

/**
 * Finishes the digest into @out.  @ctx must be initialised again before
 * it is reused.
 */
void sci_sha256_final(sci_sha256_ctx *ctx, unsigned char out[SCI_SHA256_LEN]);

/**
 * Feeds @s to @ctx as one field: its length as a 64-bit big-endian number,
 * then its bytes.  Fields encoded this way can never run into each other,
 * so ("ab", "c") and ("a", "bc") hash differently; keys and fingerprints
 * are built from them.  NULL counts as "".
 */
void sci_sha256_field(sci_sha256_ctx *ctx, const char *s);

/** One-shot digest of @n bytes at @data. */
void sci_sha256(unsigned char out[SCI_SHA256_LEN], const void *data, size_t n);

/** Writes @digest as 64 lowercase hex digits plus NUL into @out. */
void sci_sha256_hex(char out[SCI_SHA256_HEX],
		    const unsigned char digest[SCI_SHA256_LEN]);

#endif
