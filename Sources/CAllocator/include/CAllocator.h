#ifndef C_ALLOCATOR_H
#define C_ALLOCATOR_H

/// glibc's allocator tuned for building a site: see Allocator.c. Process-wide, so the executable
/// calls it, never the library.
void gg_tune_allocator(void);

#endif
