#ifndef C_ALLOCATOR_H
#define C_ALLOCATOR_H

#include <stdbool.h>

/// The allocator that serves malloc in this process, for everything that frees memory back to the
/// system or names the allocator. glibc's by default; the gallerygen executable links mimalloc
/// and says so with `gg_set_allocator` before anything else runs (see `CMimalloc`). A program that
/// embeds the library keeps its own allocator.

/// Tunes glibc's allocator for building a site (see Allocator.c). Process-wide, so only an
/// executable calls it, never the library; the gallerygen executable calls it only when its
/// linked allocator does not serve malloc.
void gg_tune_allocator(void);

/// Records the allocator that serves malloc in this process: its name (a string that lives as
/// long as the process), its version (copied, at most 31 bytes), the call that returns its
/// free memory to the system and the one that starts (true) and stops (false) holding freed
/// memory (see `gg_begin_holding_free_memory`; NULL: it does not). Called once, before any
/// other thread is started.
void gg_set_allocator(const char *name, const char *version, void (*release_free_memory)(void),
                      void (*hold_free_memory)(bool holding));

/// The name of the allocator that serves malloc, as `gallerygen --version` prints it: "mimalloc",
/// or "glibc" when nothing replaced it.
const char *gg_allocator_name(void);

/// Its version: "2.0.9" for mimalloc, glibc's own ("2.36") for glibc.
const char *gg_allocator_version(void);

/// Returns the allocator's free pages to the system: the recorded allocator's own call, else
/// glibc's malloc_trim (a no-op elsewhere than glibc).
void gg_release_free_memory(void);

/// Asks the allocator to keep the memory freed from now on for reuse rather than hand it back to
/// the system soon after, until the matching `gg_end_holding_free_memory`: while pictures are
/// processed, every photo frees pixel buffers of megabytes that the next one needs again, and
/// handing them back means the kernel maps and zero-fills every page of them once more. Holds
/// nest and may overlap across threads: the first begins holding, the last to end stops it and
/// the allocator hands back what it held. Counted whatever the allocator; only a recorded hold
/// call (mimalloc's) changes what the allocator does, so glibc's keeps its own tuning.
void gg_begin_holding_free_memory(void);
void gg_end_holding_free_memory(void);

/// How many holds have begun since the process started, and how many are open now.
long gg_free_memory_holds_begun(void);
long gg_free_memory_holds_open(void);

#endif
