#ifndef C_ALLOCATOR_H
#define C_ALLOCATOR_H

/// glibc's allocator tuned for building a site: see Allocator.c. Process-wide, so the executable
/// calls it, never the library.
void gg_tune_allocator(void);

/// Returns the allocator's free pages to the system (malloc_trim); a no-op elsewhere than glibc.
void gg_release_free_memory(void);

#endif
