#include "CCurlShim.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The libcurl functions gallerygen calls, found with dlsym once per process. */
#define GG_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) \
    X(curl_easy_getinfo) X(curl_easy_cleanup) X(curl_easy_strerror) X(curl_slist_append) \
    X(curl_slist_free_all)

static struct {
#define GG_CURL_FIELD(name) __typeof__(name) *name;
    GG_CURL_FUNCTIONS(GG_CURL_FIELD)
#undef GG_CURL_FIELD
} gg_curl;

static pthread_once_t gg_curl_once = PTHREAD_ONCE_INIT;
static int gg_curl_loaded = 0;
static char gg_curl_failure[256];

static void gg_curl_load(void) {
    const char *library = "libcurl.so.4";
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_curl_failure, sizeof gg_curl_failure, "cannot load libcurl (%s; Debian's package libcurl4)", dlerror());
        return;
    }
#define GG_CURL_LOOKUP(name) \
    if (!(gg_curl.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(gg_curl_failure, sizeof gg_curl_failure, "%s has no function %s", library, #name); \
        return; \
    }
    GG_CURL_FUNCTIONS(GG_CURL_LOOKUP)
#undef GG_CURL_LOOKUP
    /* Not thread-safe in libcurl, hence once per process, before any transfer. */
    if (gg_curl.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(gg_curl_failure, sizeof gg_curl_failure, "cannot start libcurl");
        return;
    }
    gg_curl_loaded = 1;
}

typedef struct {
    CURL *handle;
    size_t maximum;
    size_t capacity;
    int checked;
    gg_fetch_result *result;
} gg_transfer;

/* The answer's status and Content-Type as libcurl knows them now. */
static void gg_note_answer(gg_transfer *transfer) {
    gg_fetch_result *result = transfer->result;
    result->status = 0;
    gg_curl.curl_easy_getinfo(transfer->handle, CURLINFO_RESPONSE_CODE, &result->status);
    char *type = NULL;
    result->content_type[0] = 0;
    if (gg_curl.curl_easy_getinfo(transfer->handle, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) {
        snprintf(result->content_type, sizeof result->content_type, "%s", type);
    }
}

/* Body bytes as they stream in: the first call (all headers of the last answer are in) decides
   whether the answer is a picture within the cap; returning less than given stops the transfer. */
static size_t gg_receive(char *bytes, size_t size, size_t count, void *context) {
    gg_transfer *transfer = context;
    gg_fetch_result *result = transfer->result;
    size_t length = size * count;
    if (!transfer->checked) {
        transfer->checked = 1;
        gg_note_answer(transfer);
        if (result->status == 200) {
            if (strncasecmp(result->content_type, "image/", 6) != 0) {
                result->refusal = GG_FETCH_NOT_A_PICTURE;
                return 0;
            }
            curl_off_t expected = -1;
            if (gg_curl.curl_easy_getinfo(transfer->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected) == CURLE_OK
                && expected > (curl_off_t)transfer->maximum) {
                result->refusal = GG_FETCH_OVER_CAP;
                return 0;
            }
        }
    }
    if (result->count + length > transfer->maximum) {
        result->refusal = GG_FETCH_OVER_CAP;
        free(result->data);
        result->data = NULL;
        result->count = 0;
        return 0;
    }
    if (result->count + length > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 64 * 1024;
        while (capacity < result->count + length) capacity *= 2;
        if (capacity > transfer->maximum) capacity = transfer->maximum;
        unsigned char *grown = realloc(result->data, capacity);
        if (!grown) return 0;
        result->data = grown;
        transfer->capacity = capacity;
    }
    memcpy(result->data + result->count, bytes, length);
    result->count += length;
    return length;
}

void gg_fetch(const char *url, const char *user_agent, long timeout_seconds, size_t maximum_bytes, gg_fetch_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&gg_curl_once, gg_curl_load);
    if (!gg_curl_loaded) {
        result->code = -1;
        snprintf(result->error, sizeof result->error, "%s", gg_curl_failure);
        return;
    }
    CURL *handle = gg_curl.curl_easy_init();
    if (!handle) {
        result->code = CURLE_FAILED_INIT;
        snprintf(result->error, sizeof result->error, "%s", gg_curl.curl_easy_strerror(CURLE_FAILED_INIT));
        return;
    }
    char message[CURL_ERROR_SIZE] = {0};
    gg_transfer transfer = {handle, maximum_bytes, 0, 0, result};
    struct curl_slist *headers = gg_curl.curl_slist_append(NULL, "Accept: image/*");
    gg_curl.curl_easy_setopt(handle, CURLOPT_URL, url);
    /* Only http and https, also after a redirect. */
    if (gg_curl.curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        gg_curl.curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    if (gg_curl.curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        gg_curl.curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    gg_curl.curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    gg_curl.curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 10L);
    gg_curl.curl_easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    gg_curl.curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    /* Every encoding libcurl can undo (gzip, deflate…), undone as the body arrives. */
    gg_curl.curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    gg_curl.curl_easy_setopt(handle, CURLOPT_TIMEOUT, timeout_seconds);
    /* Threads import photos side by side: no signals (the time limits of name lookups). */
    gg_curl.curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    gg_curl.curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, message);
    gg_curl.curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, gg_receive);
    gg_curl.curl_easy_setopt(handle, CURLOPT_WRITEDATA, &transfer);
    CURLcode code = gg_curl.curl_easy_perform(handle);
    if (!transfer.checked) gg_note_answer(&transfer);
    result->code = code;
    result->timed_out = code == CURLE_OPERATION_TIMEDOUT;
    if (code != CURLE_OK) {
        snprintf(result->error, sizeof result->error, "%s", message[0] ? message : gg_curl.curl_easy_strerror(code));
    }
    gg_curl.curl_slist_free_all(headers);
    gg_curl.curl_easy_cleanup(handle);
}

void gg_fetch_free(gg_fetch_result *result) {
    free(result->data);
    result->data = NULL;
    result->count = 0;
}
