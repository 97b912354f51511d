#include "CArchiveShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define GG_ARCHIVE_FUNCTIONS(X) \
    X(archive_read_new) X(archive_read_free) X(archive_read_support_format_zip) X(archive_read_support_format_raw) \
    X(archive_read_support_filter_gzip) X(archive_read_open_memory) X(archive_read_next_header) X(archive_read_data) \
    X(archive_read_data_skip) X(archive_error_string) X(archive_entry_pathname) X(archive_entry_pathname_utf8) \
    X(archive_entry_filetype)

static struct {
#define GG_ARCHIVE_FIELD(name) __typeof__(name) *name;
    GG_ARCHIVE_FUNCTIONS(GG_ARCHIVE_FIELD)
#undef GG_ARCHIVE_FIELD
} gg_archive;

static pthread_once_t gg_archive_once = PTHREAD_ONCE_INIT;
static const char *gg_archive_problem = "libarchive was not loaded";
static char gg_archive_failure[256];

static void gg_archive_open(void) {
    const char *library = "libarchive.so.13";
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_archive_failure, sizeof gg_archive_failure, "cannot load libarchive (%s; Debian's package libarchive13)", dlerror());
        gg_archive_problem = gg_archive_failure;
        return;
    }
#define GG_ARCHIVE_LOOKUP(name) \
    if (!(gg_archive.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(gg_archive_failure, sizeof gg_archive_failure, "%s has no function %s", library, #name); \
        gg_archive_problem = gg_archive_failure; \
        return; \
    }
    GG_ARCHIVE_FUNCTIONS(GG_ARCHIVE_LOOKUP)
#undef GG_ARCHIVE_LOOKUP
    gg_archive_problem = NULL;
}

const char *gg_archive_load(void) {
    pthread_once(&gg_archive_once, gg_archive_open);
    return gg_archive_problem;
}

struct archive *gg_archive_read_new(void) { return gg_archive.archive_read_new(); }
int gg_archive_read_free(struct archive *archive) { return gg_archive.archive_read_free(archive); }
int gg_archive_read_support_format_zip(struct archive *archive) { return gg_archive.archive_read_support_format_zip(archive); }
int gg_archive_read_support_format_raw(struct archive *archive) { return gg_archive.archive_read_support_format_raw(archive); }
int gg_archive_read_support_filter_gzip(struct archive *archive) { return gg_archive.archive_read_support_filter_gzip(archive); }
int gg_archive_read_open_memory(struct archive *archive, const void *buffer, size_t size) {
    return gg_archive.archive_read_open_memory(archive, buffer, size);
}
int gg_archive_read_next_header(struct archive *archive, struct archive_entry **entry) {
    return gg_archive.archive_read_next_header(archive, entry);
}
la_ssize_t gg_archive_read_data(struct archive *archive, void *buffer, size_t size) {
    return gg_archive.archive_read_data(archive, buffer, size);
}
int gg_archive_read_data_skip(struct archive *archive) { return gg_archive.archive_read_data_skip(archive); }
const char *gg_archive_error_string(struct archive *archive) { return gg_archive.archive_error_string(archive); }
const char *gg_archive_entry_pathname(struct archive_entry *entry) { return gg_archive.archive_entry_pathname(entry); }
const char *gg_archive_entry_pathname_utf8(struct archive_entry *entry) { return gg_archive.archive_entry_pathname_utf8(entry); }
__LA_MODE_T gg_archive_entry_filetype(struct archive_entry *entry) { return gg_archive.archive_entry_filetype(entry); }
