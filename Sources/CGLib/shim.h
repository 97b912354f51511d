// GLib's and libvips' headers for CVipsShim. This target exists for its pkg-config flags (GLib's
// include folders), which SwiftPM passes on to the targets that depend on it; libvips itself is
// opened on first use (see CVipsShim/VipsFunctions.h), not linked.
#include <glib.h>
