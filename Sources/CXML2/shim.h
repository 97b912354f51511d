#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void gg_xml_free(void *pointer) { xmlFree(pointer); }
