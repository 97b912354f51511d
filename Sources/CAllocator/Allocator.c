#include "CAllocator.h"
#include <malloc.h>
#include <stdio.h>
#include <stddef.h>
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

static const char *allocator_name;
static char allocator_version[32];
static void (*allocator_release_free_memory)(void);

void gg_tune_allocator(void) {
#ifdef M_MMAP_THRESHOLD
    // Every photo allocates and frees pixel buffers of several megabytes. By default glibc maps
    // and unmaps each one, and the kernel zero-fills every page again for the next photo; kept
    // in the heap instead (up to 32 MB each), they are reused.
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024 * 1024);
#endif
}

void gg_set_allocator(const char *name, const char *version, void (*release_free_memory)(void)) {
    allocator_name = name;
    snprintf(allocator_version, sizeof allocator_version, "%s", version);
    allocator_release_free_memory = release_free_memory;
}

const char *gg_allocator_name(void) {
    return allocator_name != NULL ? allocator_name : "glibc";
}

const char *gg_allocator_version(void) {
#ifdef __GLIBC__
    if (allocator_name == NULL) {
        return gnu_get_libc_version();
    }
#endif
    return allocator_version;
}

void gg_release_free_memory(void) {
    if (allocator_release_free_memory != NULL) {
        allocator_release_free_memory();
        return;
    }
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
