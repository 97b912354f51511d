// One HTTP(S) download through libcurl, which is opened on first use (dlopen) rather than linked:
// a build never downloads anything, and loading libcurl with the libraries it needs (TLS, HTTP/2,
// Kerberos, LDAP…) cost every run of gallerygen about 15 million instructions before main.
#ifndef CCURLSHIM_H
#define CCURLSHIM_H

#include <stddef.h>

/// Why a download stopped early on gallerygen's side.
typedef enum {
    GG_FETCH_FINISHED = 0,
    /// The answer is 200 but its Content-Type does not start with "image/".
    GG_FETCH_NOT_A_PICTURE = 1,
    /// The Content-Length, or the bytes received, went over the cap.
    GG_FETCH_OVER_CAP = 2,
} gg_fetch_refusal;

/// What a download brought: the body (free with gg_fetch_free), the last answer's status and
/// Content-Type, and libcurl's outcome.
typedef struct {
    unsigned char *data;
    size_t count;
    /// The HTTP status of the last answer (after redirects); 0 when none came.
    long status;
    /// The last answer's Content-Type as sent, empty when it had none.
    char content_type[256];
    gg_fetch_refusal refusal;
    /// 0 when libcurl finished the transfer; otherwise its CURLcode, or -1 when libcurl cannot
    /// be loaded.
    int code;
    /// 1 when libcurl gave up at the time limit.
    int timed_out;
    /// libcurl's message for a failure, or why it cannot be loaded.
    char error[512];
} gg_fetch_result;

/// Downloads `url` (http or https only, redirects followed) with the given User-Agent and
/// `Accept: image/*`, within `timeout_seconds` for the whole transfer, keeping at most
/// `maximum_bytes` of body: the transfer stops as soon as the answer is 200 and not a picture, or
/// is over the cap. Thread-safe; each call is independent.
void gg_fetch(const char *url, const char *user_agent, long timeout_seconds, size_t maximum_bytes, gg_fetch_result *result);
/// Frees the body of a result.
void gg_fetch_free(gg_fetch_result *result);

#endif
