#include "CCryptoShim.h"
#include <dlfcn.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdio.h>

#define GG_CRYPTO_FUNCTIONS(X) \
    X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_sha256) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) X(EVP_DigestFinal_ex)

static struct {
#define GG_CRYPTO_FIELD(name) __typeof__(name) *name;
    GG_CRYPTO_FUNCTIONS(GG_CRYPTO_FIELD)
#undef GG_CRYPTO_FIELD
} gg_crypto;

static pthread_once_t gg_crypto_once = PTHREAD_ONCE_INIT;
static const char *gg_crypto_problem = "libcrypto was not loaded";
static char gg_crypto_failure[256];

static void gg_crypto_open(void) {
    const char *library = "libcrypto.so.3";
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_crypto_failure, sizeof gg_crypto_failure, "cannot load libcrypto (%s; Debian's package libssl3)", dlerror());
        gg_crypto_problem = gg_crypto_failure;
        return;
    }
#define GG_CRYPTO_LOOKUP(name) \
    if (!(gg_crypto.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(gg_crypto_failure, sizeof gg_crypto_failure, "%s has no function %s", library, #name); \
        gg_crypto_problem = gg_crypto_failure; \
        return; \
    }
    GG_CRYPTO_FUNCTIONS(GG_CRYPTO_LOOKUP)
#undef GG_CRYPTO_LOOKUP
    gg_crypto_problem = NULL;
}

const char *gg_crypto_load(void) {
    pthread_once(&gg_crypto_once, gg_crypto_open);
    return gg_crypto_problem;
}

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
