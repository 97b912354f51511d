// libarchive, opened on first use (dlopen) rather than linked: only `import` reads archives, and
// loading libarchive with the compressors and libxml2 it needs cost every run of gallerygen
// before main. The functions gallerygen calls, each passed through to libarchive's own.
#ifndef CARCHIVESHIM_H
#define CARCHIVESHIM_H

#include <archive.h>
#include <archive_entry.h>

/// Loads libarchive once per process (thread-safe); NULL when ready, otherwise why it cannot be
/// loaded. Every other function needs it.
const char *gg_archive_load(void);

struct archive *gg_archive_read_new(void);
int gg_archive_read_free(struct archive *archive);
int gg_archive_read_support_format_zip(struct archive *archive);
int gg_archive_read_support_format_raw(struct archive *archive);
int gg_archive_read_support_filter_gzip(struct archive *archive);
int gg_archive_read_open_memory(struct archive *archive, const void *buffer, size_t size);
int gg_archive_read_next_header(struct archive *archive, struct archive_entry **entry);
la_ssize_t gg_archive_read_data(struct archive *archive, void *buffer, size_t size);
int gg_archive_read_data_skip(struct archive *archive);
const char *gg_archive_error_string(struct archive *archive);
const char *gg_archive_entry_pathname(struct archive_entry *entry);
const char *gg_archive_entry_pathname_utf8(struct archive_entry *entry);
__LA_MODE_T gg_archive_entry_filetype(struct archive_entry *entry);

#endif
