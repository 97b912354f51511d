#ifndef CWORDBREAKS_H
#define CWORDBREAKS_H

#include <stdint.h>

// ICU's word boundaries (Debian's libicuuc, UAX #29 plus its dictionaries for Chinese, Japanese,
// Thai…), behind three functions that show no ICU type: Foundation carries its own copy of ICU's
// headers, and the two cannot meet in one module.

/// Opens a word-break iterator for `locale` (`en`, `ja`); NULL when ICU has none. One iterator
/// serves one thread at a time.
void *gallery_word_breaks_open(const char *locale);

/// Finds the words of the UTF-8 `text` (`length` bytes): writes each word's start and end as
/// byte offsets into `ranges` (two entries a word, at most `capacity` entries) and returns how
/// many entries it wrote, or -1 when ICU fails. Spaces and punctuation are not words.
int32_t gallery_word_breaks_find(void *breaks, const char *text, int32_t length, int32_t *ranges, int32_t capacity);

void gallery_word_breaks_close(void *breaks);

#endif
