#ifndef C_MIMALLOC_H
#define C_MIMALLOC_H

#include <stdbool.h>

/// Makes mimalloc the allocator gallerygen reports and frees memory back with (`CAllocator`),
/// once this process's malloc is proven to be mimalloc's; false, and nothing recorded, otherwise.
/// Linked into the executable only: a program that embeds the library keeps its own allocator.
bool gg_use_mimalloc(void);

#endif
