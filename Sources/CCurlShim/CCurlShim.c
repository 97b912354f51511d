#include "CCurlShim.h"
#include <CLibraryLoader.h>
#include <curl/curl.h>
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
    GG_CURL_FUNCTIONS(GG_LIBRARY_FIELD)
} gg_curl;

GG_LIBRARY_LOADER(gg_curl_open, gg_curl, GG_CURL_FUNCTIONS, "libcurl.so.4", "libcurl4")

static pthread_once_t gg_curl_start_once = PTHREAD_ONCE_INIT;
static const char *gg_curl_problem;

/* libcurl loaded and started: not thread-safe in libcurl, hence once per process, before any transfer. */
static void gg_curl_start(void) {
    gg_curl_problem = gg_curl_open();
    if (!gg_curl_problem && gg_curl.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) gg_curl_problem = "cannot start libcurl";
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
    pthread_once(&gg_curl_start_once, gg_curl_start);
    if (gg_curl_problem) {
        result->code = -1;
        snprintf(result->error, sizeof result->error, "%s", gg_curl_problem);
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
