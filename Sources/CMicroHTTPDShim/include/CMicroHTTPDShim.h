// GNU libmicrohttpd, opened on first use (dlopen) rather than linked: only `serve` answers HTTP,
// and loading libmicrohttpd with GnuTLS and the libraries GnuTLS needs cost every run of
// gallerygen about 4 million instructions before main. The functions the preview server calls,
// each passed through to libmicrohttpd's own.
#ifndef CMICROHTTPDSHIM_H
#define CMICROHTTPDSHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Loads libmicrohttpd once per process (thread-safe); NULL when ready, otherwise why it cannot
/// be loaded. Every other function needs it.
const char *gg_mhd_load(void);

struct MHD_Daemon *gg_mhd_start_daemon_va(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept, void *accept_context,
                                          MHD_AccessHandlerCallback handler, void *handler_context, va_list options);
void gg_mhd_stop_daemon(struct MHD_Daemon *daemon);
int gg_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                 void *iterator_context);
struct MHD_Response *gg_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
enum MHD_Result gg_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content);
enum MHD_Result gg_mhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);
void gg_mhd_destroy_response(struct MHD_Response *response);
void gg_mhd_suspend_connection(struct MHD_Connection *connection);
void gg_mhd_resume_connection(struct MHD_Connection *connection);

#endif
