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

// mimalloc 2.0 decommits the freed part of a segment (madvise MADV_DONTNEED) once `decommit_delay`
// milliseconds (25 by default) have passed since the segment's first pending free. A photo takes
// longer than that (about 100 ms on each of 2 threads), so every pixel buffer freed was handed back
// and the next photo's faulted in and zero-filled again: 100 photos of 2000x1500, 280,000-520,000
// page faults and 1.4-2.3 s of system time, against 21,000 and 0.6 s with glibc's tuned malloc.
// While pictures are processed the delay is 250 ms: 33,000-40,000 faults, 0.44-0.77 s, at a peak
// about 20 MB higher (the freed spans each thread keeps are not all reused); 100 ms left
// 50,000-64,000 faults and 0.57-0.69 s for a peak a few MB lower. The option is read at every
// free (mi_segment_perhaps_decommit), so setting it takes effect at once, and a segment whose
// delay already runs keeps it. A longer delay set by MIMALLOC_DECOMMIT_DELAY is kept.
static const long image_decommit_delay = 250;
static long decommit_delay;

static void hold_free_memory(bool holding) {
    if (holding) {
        decommit_delay = mi_option_get(mi_option_decommit_delay);
        if (image_decommit_delay > decommit_delay) {
            mi_option_set(mi_option_decommit_delay, image_decommit_delay);
        }
    } else {
        mi_option_set(mi_option_decommit_delay, decommit_delay);
        mi_collect(true);
    }
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
    gg_set_allocator("mimalloc", text, release_free_memory, hold_free_memory);
    return true;
}
