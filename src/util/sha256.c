/*
 * sha256.c - SHA-256 written from FIPS 180-4 (sections 4.1.2, 4.2.2, 5.1.1,
 * 5.3.3 and 6.2).  Portable C: words are assembled byte by byte, so host
 * endianness and alignment do not matter.
 */
#include "util/sha256.h"

#include <string.h>

/* First 32 bits of the fractional parts of the cube roots of the first
 * 64 primes (FIPS 180-4 4.2.2). */
static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static uint32_t load_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void store_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* One 512-bit block through the compression function (FIPS 180-4 6.2.2). */
static void compress(uint32_t h[8], const unsigned char block[64])
{
	uint32_t w[64];
	uint32_t a, b, c, d, e, f, g, hh, t1, t2;
	unsigned i;

	for (i = 0; i < 16; i++)
		w[i] = load_be32(block + 4 * i);
	for (i = 16; i < 64; i++) {
		uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^
			      (w[i - 15] >> 3);
		uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^
			      (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}

	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	e = h[4]; f = h[5]; g = h[6]; hh = h[7];
	for (i = 0; i < 64; i++) {
		t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
		     ((e & f) ^ (~e & g)) + K[i] + w[i];
		t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
		     ((a & b) ^ (a & c) ^ (b & c));
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void sci_sha256_init(sci_sha256_ctx *ctx)
{
	/* First 32 bits of the fractional parts of the square roots of the
	 * first 8 primes (FIPS 180-4 5.3.3). */
	static const uint32_t init[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
	};

	memcpy(ctx->h, init, sizeof(init));
	ctx->nbytes = 0;
	ctx->nbuf = 0;
}

void sci_sha256_update(sci_sha256_ctx *ctx, const void *data, size_t n)
{
	const unsigned char *p = data;

	if (n == 0)
		return;		/* memcpy() from NULL is undefined even for 0 */
	ctx->nbytes += n;
	if (ctx->nbuf) {
		size_t take = 64 - ctx->nbuf;

		if (take > n)
			take = n;
		memcpy(ctx->buf + ctx->nbuf, p, take);
		ctx->nbuf += take;
		p += take;
		n -= take;
		if (ctx->nbuf < 64)
			return;
		compress(ctx->h, ctx->buf);
		ctx->nbuf = 0;
	}
	for (; n >= 64; p += 64, n -= 64)
		compress(ctx->h, p);
	if (n) {
		memcpy(ctx->buf, p, n);
		ctx->nbuf = n;
	}
}

void sci_sha256_final(sci_sha256_ctx *ctx, unsigned char out[SCI_SHA256_LEN])
{
	uint64_t bits = ctx->nbytes * 8;
	unsigned i;

	/* Padding (FIPS 180-4 5.1.1): a 1 bit, zeros up to 56 mod 64 bytes,
	 * then the message length in bits as a 64-bit big-endian number. */
	ctx->buf[ctx->nbuf++] = 0x80;
	if (ctx->nbuf > 56) {
		memset(ctx->buf + ctx->nbuf, 0, 64 - ctx->nbuf);
		compress(ctx->h, ctx->buf);
		ctx->nbuf = 0;
	}
	memset(ctx->buf + ctx->nbuf, 0, 56 - ctx->nbuf);
	store_be32(ctx->buf + 56, (uint32_t)(bits >> 32));
	store_be32(ctx->buf + 60, (uint32_t)bits);
	compress(ctx->h, ctx->buf);

	for (i = 0; i < 8; i++)
		store_be32(out + 4 * i, ctx->h[i]);
	memset(ctx, 0, sizeof(*ctx));
}

void sci_sha256_field(sci_sha256_ctx *ctx, const char *s)
{
	unsigned char len[8];
	uint64_t n;
	int i;

	if (!s)
		s = "";
	n = strlen(s);
	for (i = 7; i >= 0; i--, n >>= 8)
		len[i] = (unsigned char)(n & 0xff);
	sci_sha256_update(ctx, len, sizeof(len));
	sci_sha256_update(ctx, s, strlen(s));
}

void sci_sha256(unsigned char out[SCI_SHA256_LEN], const void *data, size_t n)
{
	sci_sha256_ctx ctx;

	sci_sha256_init(&ctx);
	sci_sha256_update(&ctx, data, n);
	sci_sha256_final(&ctx, out);
}

void sci_sha256_hex(char out[SCI_SHA256_HEX],
		    const unsigned char digest[SCI_SHA256_LEN])
{
	static const char hex[] = "0123456789abcdef";
	unsigned i;

	for (i = 0; i < SCI_SHA256_LEN; i++) {
		out[2 * i] = hex[digest[i] >> 4];
		out[2 * i + 1] = hex[digest[i] & 0xf];
	}
	out[SCI_SHA256_HEX - 1] = '\0';
}
