#include "CPluralRules.h"
#include <unicode/upluralrules.h>

void *gallery_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) {
        if (rules) uplrules_close(rules);
        return NULL;
    }
    return rules;
}

int gallery_plural_rules_select(const void *rules, double number, char *keyword, int capacity) {
    UChar buffer[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uplrules_select((const UPluralRules *)rules, number, buffer, 32, &status);
    if (U_FAILURE(status) || length < 0 || length >= capacity || length >= 32) return -1;
    // The keywords are ASCII.
    for (int32_t i = 0; i < length; i++) keyword[i] = (char)buffer[i];
    keyword[length] = 0;
    return length;
}

void gallery_plural_rules_close(void *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}
