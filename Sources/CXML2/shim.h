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

static inline void gg_xml_keep_first_error(void *user, xmlErrorPtr error) {
    xmlParserCtxtPtr context = (xmlParserCtxtPtr)user;
    xmlError *first = (xmlError *)context->_private;
    if (first != NULL && first->code == XML_ERR_OK && error != NULL) xmlCopyError(error, first);
}

/// Makes the parser keep its first error in `first` (libxml2 2.9 only remembers the last one,
/// which after a mismatched tag is a less helpful "premature end of data"). Free with xmlResetError.
static inline void gg_xml_capture_first_error(xmlParserCtxtPtr context, xmlError *first) {
    context->_private = first;
    context->userData = context;
    if (context->sax != NULL) context->sax->serror = gg_xml_keep_first_error;
}
