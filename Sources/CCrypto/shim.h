// OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 through the EVP digest interface, which
// uses the processor's SHA extensions where it has them.
#include <openssl/evp.h>
