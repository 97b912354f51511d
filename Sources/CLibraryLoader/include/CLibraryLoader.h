// Opens a shared library on first use (dlopen) and finds the functions gallerygen calls in it:
// what the shims of the libraries only some runs need (libcurl, libcrypto, libarchive,
// libmicrohttpd) share, so that a build loads none of them before main.
#ifndef CLIBRARYLOADER_H
#define CLIBRARYLOADER_H

#include <stddef.h>

/// Opens `library` (a soname such as "libcurl.so.4") and finds each of the `count` functions
/// named in `names`, in order, into `functions`. Returns NULL when every one was found;
/// otherwise writes why not into `failure` (naming `package`, the Debian package that installs
/// the library) and returns it.
const char *gg_open_library(const char *library, const char *package, const char *const *names, void **functions, size_t count,
                            char *failure, size_t size);

/// The pieces each shim writes with its list of functions, `FUNCTIONS(X)` calling `X(name)` for
/// each: a table of typed pointers named as the functions, and the loading of that table.
#define GG_LIBRARY_FIELD(name) __typeof__(name) *name;
#define GG_LIBRARY_NAME(name) #name,
#define GG_LIBRARY_ASSIGN(name) table->name = (__typeof__(name) *)found[next++];

/// Defines `static const char *load(void)`: opens `library` once per process (thread-safe) into
/// `table` (a struct of `GG_LIBRARY_FIELD`s); NULL when ready, otherwise why it cannot be loaded.
#define GG_LIBRARY_LOADER(load, table_name, FUNCTIONS, library, package) \
    static pthread_once_t load##_once = PTHREAD_ONCE_INIT; \
    static const char *load##_problem; \
    static char load##_failure[256]; \
    static void load##_open(void) { \
        static const char *const names[] = { FUNCTIONS(GG_LIBRARY_NAME) }; \
        void *found[sizeof names / sizeof *names]; \
        load##_problem = gg_open_library(library, package, names, found, sizeof names / sizeof *names, load##_failure, \
                                         sizeof load##_failure); \
        if (load##_problem) return; \
        __typeof__(&table_name) table = &table_name; \
        size_t next = 0; \
        FUNCTIONS(GG_LIBRARY_ASSIGN) \
    } \
    static const char *load(void) { \
        pthread_once(&load##_once, load##_open); \
        return load##_problem; \
    }

#endif
