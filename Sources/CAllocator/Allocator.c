#include "CAllocator.h"
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

static const char *allocator_name;
static char allocator_version[32];
static void (*allocator_release_free_memory)(void);
static void (*allocator_hold_free_memory)(bool holding);

// The holds of freed memory: how many are open, and how many have begun since the process started.
static pthread_mutex_t holds_lock = PTHREAD_MUTEX_INITIALIZER;
static long holds_open;
static long holds_begun;

void gg_tune_allocator(void) {
#ifdef M_MMAP_THRESHOLD
    // Every photo allocates and frees pixel buffers of several megabytes. By default glibc maps
    // and unmaps each one, and the kernel zero-fills every page again for the next photo; kept
    // in the heap instead (up to 32 MB each), they are reused.
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024 * 1024);
#endif
}

void gg_set_allocator(const char *name, const char *version, void (*release_free_memory)(void),
                      void (*hold_free_memory)(bool holding)) {
    allocator_name = name;
    snprintf(allocator_version, sizeof allocator_version, "%s", version);
    allocator_release_free_memory = release_free_memory;
    allocator_hold_free_memory = hold_free_memory;
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

void gg_begin_holding_free_memory(void) {
    pthread_mutex_lock(&holds_lock);
    holds_begun += 1;
    if (holds_open++ == 0 && allocator_hold_free_memory != NULL) {
        allocator_hold_free_memory(true);
    }
    pthread_mutex_unlock(&holds_lock);
}

void gg_end_holding_free_memory(void) {
    pthread_mutex_lock(&holds_lock);
    if (--holds_open == 0 && allocator_hold_free_memory != NULL) {
        allocator_hold_free_memory(false);
    }
    pthread_mutex_unlock(&holds_lock);
}

long gg_free_memory_holds_begun(void) {
    pthread_mutex_lock(&holds_lock);
    long begun = holds_begun;
    pthread_mutex_unlock(&holds_lock);
    return begun;
}

long gg_free_memory_holds_open(void) {
    pthread_mutex_lock(&holds_lock);
    long open = holds_open;
    pthread_mutex_unlock(&holds_lock);
    return open;
}
