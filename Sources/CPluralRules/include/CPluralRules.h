#ifndef CPLURALRULES_H
#define CPLURALRULES_H

// CLDR's plural rules from Debian's ICU (libicui18n), behind three functions that show no ICU
// type: Foundation carries its own copy of ICU's headers, and the two cannot meet in one module.

/// Opens the rules of `locale` (`fr`, `pt_BR`); NULL when ICU has none.
void *gallery_plural_rules_open(const char *locale);

/// Writes the category of `number` (`zero`, `one`, `two`, `few`, `many`, `other`) into `keyword`
/// (NUL-terminated) and returns its length, or -1 on failure.
int gallery_plural_rules_select(const void *rules, double number, char *keyword, int capacity);

void gallery_plural_rules_close(void *rules);

#endif
