// SHA-256 from OpenSSL's libcrypto (the EVP digest interface, which uses the processor's SHA
// instructions where there are any), with libcrypto opened on first use (dlopen) rather than
// linked: only pictures are hashed, and loading and starting libcrypto cost every run of
// gallerygen about 2.8 million instructions before main, pictures or not.
#ifndef CCRYPTOSHIM_H
#define CCRYPTOSHIM_H

#include <stddef.h>

/// A SHA-256 digest under way (libcrypto's EVP_MD_CTX).
typedef struct gg_sha256 gg_sha256;

/// Loads libcrypto once per process (thread-safe); NULL when ready, otherwise why it cannot be
/// loaded. Every other function needs it.
const char *gg_crypto_load(void);
/// A new SHA-256 digest; NULL when libcrypto cannot start one.
gg_sha256 *gg_sha256_new(void);
void gg_sha256_update(gg_sha256 *digest, const void *bytes, size_t count);
/// Writes the 32 bytes of the digest to `out`; returns how many were written (0 on failure).
unsigned int gg_sha256_final(gg_sha256 *digest, unsigned char out[32]);
void gg_sha256_free(gg_sha256 *digest);

#endif
