#ifndef CMARKDOWNARENA_H
#define CMARKDOWNARENA_H

#include <stddef.h>

// A memory allocator for libcmark (its `cmark_mem`) that hands out the calling thread's arena:
// a document parsed, changed and rendered in it is let go all at once, without a `malloc` and a
// `free` for each node, text and buffer cmark makes (a third of its instructions on a recipe body).
// No cmark type shows here: the Swift side reaches cmark through CCmark alone.

/// A place in the calling thread's arena: what `gallery_markdown_arena_enter` returns and
/// `gallery_markdown_arena_leave` goes back to.
typedef struct {
    void *chunk;
    size_t used;
} gallery_markdown_arena_mark;

/// The arena's allocator, a `cmark_mem *` for `cmark_parser_new_with_mem` and
/// `cmark_node_new_with_mem`: it allocates in the arena of whichever thread calls it.
void *gallery_markdown_arena_allocator(void);

/// Where the calling thread's arena stands now (its first use makes its first chunk, kept until the
/// thread ends). Marks nest: the innermost is left first.
gallery_markdown_arena_mark gallery_markdown_arena_enter(void);

/// Lets go of everything the calling thread allocated in its arena since `mark`, keeping one
/// spare chunk for the next document.
void gallery_markdown_arena_leave(gallery_markdown_arena_mark mark);

/// How many bytes the calling thread's arena holds in chunks now (tests).
size_t gallery_markdown_arena_held_bytes(void);

#endif
