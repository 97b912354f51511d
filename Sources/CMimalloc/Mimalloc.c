#include "CMimalloc.h"
#include "CAllocator.h"
#include <mimalloc.h>
#include <stdio.h>
#include <stdlib.h>

// Linking libmimalloc puts it ahead of libc among the executable's libraries, so its malloc, free
// and the rest are the ones the dynamic linker binds for the whole process: the Swift runtime
// (linked into the executable), libcmark, libyaml, libxml2, ICU, libstdc++ and the libraries
// opened later (libvips and GLib, libcurl, libcrypto). Its free pages go back to the system
// after a delay by themselves; `mi_collect` also hands back what the calling thread's heap keeps.

static void release_free_memory(void) {
    mi_collect(true);
}

bool gg_use_mimalloc(void) {
    // The malloc this file calls is bound like every library's: it must be mimalloc's.
    void *probe = malloc(1);
    bool served = mi_is_in_heap_region(probe);
    free(probe);
    if (!served) {
        return false;
    }
    int version = mi_version();
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", version / 100, version / 10 % 10, version % 10);
    gg_set_allocator("mimalloc", text, release_free_memory);
    return true;
}
