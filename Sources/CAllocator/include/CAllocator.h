#ifndef C_ALLOCATOR_H
#define C_ALLOCATOR_H

/// The allocator that serves malloc in this process, for everything that frees memory back to the
/// system or names the allocator. glibc's by default; the gallerygen executable links mimalloc
/// and says so with `gg_set_allocator` before anything else runs (see `CMimalloc`). A program that
/// embeds the library keeps its own allocator.

/// Tunes glibc's allocator for building a site (see Allocator.c). Process-wide, so only an
/// executable calls it, never the library; the gallerygen executable calls it only when its
/// linked allocator does not serve malloc.
void gg_tune_allocator(void);

/// Records the allocator that serves malloc in this process: its name (a string that lives as
/// long as the process), its version (copied, at most 31 bytes) and the call that returns its
/// free memory to the system. Called once, before any other thread is started.
void gg_set_allocator(const char *name, const char *version, void (*release_free_memory)(void));

/// The name of the allocator that serves malloc, as `gallerygen --version` prints it: "mimalloc",
/// or "glibc" when nothing replaced it.
const char *gg_allocator_name(void);

/// Its version: "2.0.9" for mimalloc, glibc's own ("2.36") for glibc.
const char *gg_allocator_version(void);

/// Returns the allocator's free pages to the system: the recorded allocator's own call, else
/// glibc's malloc_trim (a no-op elsewhere than glibc).
void gg_release_free_memory(void);

#endif
