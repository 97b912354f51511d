#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>
