#include "CMarkdownArena.h"
#include <cmark.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each allocation is a 16-byte header holding its size, then its bytes, 16-byte aligned, bumped
// from the current chunk. A chunk too small for the next allocation is followed by a new one; the
// chunks left behind stay until the mark that came before them is left. `realloc` of the newest
// allocation grows it in place (cmark's buffers grow that way, a little at a time), and `free`
// of the newest gives its room back; any other `free` waits for the mark.

enum { header = 16, standard_chunk = 64 * 1024 };

struct chunk {
    struct chunk *previous;
    size_t capacity;
    size_t used;
    size_t padding;  // keeps the bytes after the chunk's own fields 16-byte aligned
};

struct arena {
    struct chunk *current;
    /// A standard chunk let go, kept for the next document rather than freed and allocated again.
    struct chunk *spare;
    /// The newest allocation's bytes, while it is the last thing in `current`; NULL otherwise.
    unsigned char *newest;
};

static _Thread_local struct arena *thread_arena;
static pthread_key_t arena_key;
static pthread_once_t arena_key_once = PTHREAD_ONCE_INIT;

static void free_arena(void *value) {
    struct arena *arena = value;
    struct chunk *chunk = arena->current;
    while (chunk) {
        struct chunk *previous = chunk->previous;
        free(chunk);
        chunk = previous;
    }
    free(arena->spare);
    free(arena);
}

static void make_key(void) {
    pthread_key_create(&arena_key, free_arena);
}

static void *checked(void *pointer) {
    if (!pointer) {
        fprintf(stderr, "[gallerygen] out of memory for Markdown, aborting\n");
        abort();
    }
    return pointer;
}

/// The calling thread's arena, made on its first use and freed when the thread ends.
static struct arena *arena_of_thread(void) {
    struct arena *arena = thread_arena;
    if (arena) return arena;
    arena = checked(calloc(1, sizeof(struct arena)));
    pthread_once(&arena_key_once, make_key);
    pthread_setspecific(arena_key, arena);
    thread_arena = arena;
    return arena;
}

static unsigned char *bytes_of(struct chunk *chunk) {
    return (unsigned char *)(chunk + 1);
}

static size_t rounded(size_t size) {
    return (size + 15) & ~(size_t)15;
}

static void *allocate(size_t size) {
    struct arena *arena = arena_of_thread();
    if (size > SIZE_MAX / 2) checked(NULL);
    size_t needed = header + rounded(size);
    struct chunk *chunk = arena->current;
    if (!chunk || chunk->capacity - chunk->used < needed) {
        if (arena->spare && needed <= standard_chunk) {
            chunk = arena->spare;
            arena->spare = NULL;
        } else {
            size_t capacity = needed > standard_chunk ? needed : standard_chunk;
            chunk = checked(malloc(sizeof(struct chunk) + capacity));
            chunk->capacity = capacity;
        }
        chunk->used = 0;
        chunk->previous = arena->current;
        arena->current = chunk;
    }
    unsigned char *start = bytes_of(chunk) + chunk->used;
    *(size_t *)start = size;
    chunk->used += needed;
    arena->newest = start + header;
    return start + header;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / 2 / size) checked(NULL);
    void *bytes = allocate(count * size);
    memset(bytes, 0, count * size);
    return bytes;
}

static void *arena_realloc(void *pointer, size_t size) {
    if (!pointer) return allocate(size);
    struct arena *arena = arena_of_thread();
    size_t *recorded = (size_t *)((unsigned char *)pointer - header);
    size_t old = *recorded;
    if (pointer == arena->newest && size <= SIZE_MAX / 2) {
        struct chunk *chunk = arena->current;
        size_t start = (size_t)((unsigned char *)pointer - bytes_of(chunk));
        if (start + rounded(size) <= chunk->capacity) {
            *recorded = size;
            chunk->used = start + rounded(size);
            return pointer;
        }
    }
    void *moved = allocate(size);
    memcpy(moved, pointer, old < size ? old : size);
    return moved;
}

static void arena_free(void *pointer) {
    struct arena *arena = thread_arena;
    if (!pointer || !arena || pointer != arena->newest) return;
    arena->current->used = (size_t)((unsigned char *)pointer - header - bytes_of(arena->current));
    arena->newest = NULL;
}

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

void *gallery_markdown_arena_allocator(void) {
    return &allocator;
}

gallery_markdown_arena_mark gallery_markdown_arena_enter(void) {
    struct arena *arena = arena_of_thread();
    if (!arena->current) {
        // The thread's first chunk, kept from then on: leaving never goes below it.
        struct chunk *chunk = checked(malloc(sizeof(struct chunk) + standard_chunk));
        chunk->capacity = standard_chunk;
        chunk->used = 0;
        chunk->previous = NULL;
        arena->current = chunk;
    }
    gallery_markdown_arena_mark mark = {arena->current, arena->current->used};
    return mark;
}

void gallery_markdown_arena_leave(gallery_markdown_arena_mark mark) {
    struct arena *arena = arena_of_thread();
    while (arena->current != mark.chunk) {
        struct chunk *chunk = arena->current;
        arena->current = chunk->previous;
        if (!arena->spare && chunk->capacity == standard_chunk) {
            arena->spare = chunk;
        } else {
            free(chunk);
        }
    }
    arena->current->used = mark.used;
    arena->newest = NULL;
}

size_t gallery_markdown_arena_held_bytes(void) {
    struct arena *arena = arena_of_thread();
    size_t bytes = arena->spare ? arena->spare->capacity : 0;
    for (struct chunk *chunk = arena->current; chunk; chunk = chunk->previous) bytes += chunk->capacity;
    return bytes;
}
