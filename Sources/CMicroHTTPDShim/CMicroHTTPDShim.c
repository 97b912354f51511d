#include "CMicroHTTPDShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define GG_MHD_FUNCTIONS(X) \
    X(MHD_start_daemon_va) X(MHD_stop_daemon) X(MHD_get_connection_values) X(MHD_create_response_from_buffer) \
    X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response) X(MHD_suspend_connection) \
    X(MHD_resume_connection)

static struct {
#define GG_MHD_FIELD(name) __typeof__(name) *name;
    GG_MHD_FUNCTIONS(GG_MHD_FIELD)
#undef GG_MHD_FIELD
} gg_mhd;

static pthread_once_t gg_mhd_once = PTHREAD_ONCE_INIT;
static const char *gg_mhd_problem = "libmicrohttpd was not loaded";
static char gg_mhd_failure[256];

static void gg_mhd_open(void) {
    const char *library = "libmicrohttpd.so.12";
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_mhd_failure, sizeof gg_mhd_failure, "cannot load libmicrohttpd (%s; Debian's package libmicrohttpd12)", dlerror());
        gg_mhd_problem = gg_mhd_failure;
        return;
    }
#define GG_MHD_LOOKUP(name) \
    if (!(gg_mhd.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(gg_mhd_failure, sizeof gg_mhd_failure, "%s has no function %s", library, #name); \
        gg_mhd_problem = gg_mhd_failure; \
        return; \
    }
    GG_MHD_FUNCTIONS(GG_MHD_LOOKUP)
#undef GG_MHD_LOOKUP
    gg_mhd_problem = NULL;
}

const char *gg_mhd_load(void) {
    pthread_once(&gg_mhd_once, gg_mhd_open);
    return gg_mhd_problem;
}

struct MHD_Daemon *gg_mhd_start_daemon_va(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept, void *accept_context,
                                          MHD_AccessHandlerCallback handler, void *handler_context, va_list options) {
    return gg_mhd.MHD_start_daemon_va(flags, port, accept, accept_context, handler, handler_context, options);
}
void gg_mhd_stop_daemon(struct MHD_Daemon *daemon) { gg_mhd.MHD_stop_daemon(daemon); }
int gg_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                 void *iterator_context) {
    return gg_mhd.MHD_get_connection_values(connection, kind, iterator, iterator_context);
}
struct MHD_Response *gg_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return gg_mhd.MHD_create_response_from_buffer(size, buffer, mode);
}
enum MHD_Result gg_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return gg_mhd.MHD_add_response_header(response, header, content);
}
enum MHD_Result gg_mhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return gg_mhd.MHD_queue_response(connection, status, response);
}
void gg_mhd_destroy_response(struct MHD_Response *response) { gg_mhd.MHD_destroy_response(response); }
void gg_mhd_suspend_connection(struct MHD_Connection *connection) { gg_mhd.MHD_suspend_connection(connection); }
void gg_mhd_resume_connection(struct MHD_Connection *connection) { gg_mhd.MHD_resume_connection(connection); }
