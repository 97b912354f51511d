#include "CAllocator.h"
#include <malloc.h>

void gg_tune_allocator(void) {
#ifdef M_MMAP_THRESHOLD
    // Every photo allocates and frees pixel buffers of several megabytes. By default glibc maps
    // and unmaps each one, and the kernel zero-fills every page again for the next photo; kept
    // in the heap instead (up to 32 MB each), they are reused.
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024 * 1024);
#endif
}

void gg_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
