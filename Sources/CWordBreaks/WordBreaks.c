#include "CWordBreaks.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>

void *gallery_word_breaks_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (breaks) ubrk_close(breaks);
        return NULL;
    }
    return breaks;
}

int32_t gallery_word_breaks_find(void *breaks, const char *text, int32_t length, int32_t *ranges, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    // UTF-8 text as it is, without a copy to UTF-16: the iterator's offsets are then byte offsets.
    UText *utext = utext_openUTF8(NULL, text, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText((UBreakIterator *)breaks, utext, &status);
    if (U_FAILURE(status)) {
        utext_close(utext);
        return -1;
    }
    int32_t count = 0;
    int32_t start = ubrk_first((UBreakIterator *)breaks);
    for (int32_t end = ubrk_next((UBreakIterator *)breaks); end != UBRK_DONE && count + 2 <= capacity;
         start = end, end = ubrk_next((UBreakIterator *)breaks)) {
        // Letters, numbers, kana and ideographs; not spaces or punctuation (UBRK_WORD_NONE).
        if (ubrk_getRuleStatus((UBreakIterator *)breaks) == UBRK_WORD_NONE) continue;
        ranges[count++] = start;
        ranges[count++] = end;
    }
    // Let go of the text before it does: the iterator must not keep a pointer into it.
    static const UChar nothing[1] = {0};
    status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaks, nothing, 0, &status);
    utext_close(utext);
    return count;
}

void gallery_word_breaks_close(void *breaks) {
    if (breaks) ubrk_close((UBreakIterator *)breaks);
}
