#include "CArchiveShim.h"
#include <CLibraryLoader.h>
#include <pthread.h>

#define GG_ARCHIVE_FUNCTIONS(X) \
    X(archive_read_new) X(archive_read_free) X(archive_read_support_format_zip) X(archive_read_support_format_raw) \
    X(archive_read_support_filter_gzip) X(archive_read_open_memory) X(archive_read_next_header) X(archive_read_data) \
    X(archive_read_data_skip) X(archive_error_string) X(archive_entry_pathname) X(archive_entry_pathname_utf8) \
    X(archive_entry_filetype)

static struct {
    GG_ARCHIVE_FUNCTIONS(GG_LIBRARY_FIELD)
} gg_archive;

GG_LIBRARY_LOADER(gg_archive_open, gg_archive, GG_ARCHIVE_FUNCTIONS, "libarchive.so.13", "libarchive13")

const char *gg_archive_load(void) { return gg_archive_open(); }

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
