#include <libxml/xmlversion.h>
// libxml2's encoding header pulls in the system ICU when built with it, whose enums clash with
// the ICU Foundation bundles. Nothing here uses libxml2's ICU converters (only pointers to them
// sit in the structures Swift reads), so the system ICU headers are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void gg_xml_free(void *pointer) { xmlFree(pointer); }
