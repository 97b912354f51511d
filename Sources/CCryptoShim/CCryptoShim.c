#include "CCryptoShim.h"
#include <CLibraryLoader.h>
#include <openssl/evp.h>
#include <pthread.h>

#define GG_CRYPTO_FUNCTIONS(X) \
    X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_sha256) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) X(EVP_DigestFinal_ex)

static struct {
    GG_CRYPTO_FUNCTIONS(GG_LIBRARY_FIELD)
} gg_crypto;

GG_LIBRARY_LOADER(gg_crypto_open, gg_crypto, GG_CRYPTO_FUNCTIONS, "libcrypto.so.3", "libssl3")

const char *gg_crypto_load(void) { return gg_crypto_open(); }

gg_sha256 *gg_sha256_new(void) {
    EVP_MD_CTX *context = gg_crypto.EVP_MD_CTX_new();
    if (!context) return NULL;
    if (gg_crypto.EVP_DigestInit_ex(context, gg_crypto.EVP_sha256(), NULL) != 1) {
        gg_crypto.EVP_MD_CTX_free(context);
        return NULL;
    }
    return (gg_sha256 *)context;
}

void gg_sha256_update(gg_sha256 *digest, const void *bytes, size_t count) {
    gg_crypto.EVP_DigestUpdate((EVP_MD_CTX *)digest, bytes, count);
}

unsigned int gg_sha256_final(gg_sha256 *digest, unsigned char out[32]) {
    unsigned char full[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (gg_crypto.EVP_DigestFinal_ex((EVP_MD_CTX *)digest, full, &length) != 1 || length > 32) return 0;
    for (unsigned int index = 0; index < length; index++) out[index] = full[index];
    return length;
}

void gg_sha256_free(gg_sha256 *digest) {
    gg_crypto.EVP_MD_CTX_free((EVP_MD_CTX *)digest);
}
