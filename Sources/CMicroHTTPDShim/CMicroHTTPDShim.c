#include "CMicroHTTPDShim.h"
#include <CLibraryLoader.h>
#include <pthread.h>

#define GG_MHD_FUNCTIONS(X) \
    X(MHD_start_daemon_va) X(MHD_stop_daemon) X(MHD_get_connection_values) X(MHD_create_response_from_buffer) \
    X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response) X(MHD_suspend_connection) \
    X(MHD_resume_connection)

static struct {
    GG_MHD_FUNCTIONS(GG_LIBRARY_FIELD)
} gg_mhd;

GG_LIBRARY_LOADER(gg_mhd_open, gg_mhd, GG_MHD_FUNCTIONS, "libmicrohttpd.so.12", "libmicrohttpd12")

const char *gg_mhd_load(void) { return gg_mhd_open(); }

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
