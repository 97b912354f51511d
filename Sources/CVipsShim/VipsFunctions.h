// libvips is opened on first use (gg_init), not linked: loading it and its hundred dependencies
// costs a process about 20 ms and 20 MB, which commands and builds without new pictures never
// need. Every libvips and GLib function the shim calls is looked up then, into `gg_vips`; calls
// go through it (`gg_vips.vips_resize(…)`), typed by the real declarations.
#ifndef GG_VIPS_FUNCTIONS_H
#define GG_VIPS_FUNCTIONS_H

#include <vips/vips.h>

#define GG_VIPS_FUNCTIONS(X) \
    X(g_free) X(g_log_set_handler) X(g_object_ref) X(g_object_unref) X(g_strfreev) \
    X(vips_area_unref) X(vips_array_double_newv) X(vips_autorot) X(vips_cache_set_max) \
    X(vips_cache_set_max_files) X(vips_cache_set_max_mem) X(vips_cast) X(vips_colourspace) \
    X(vips_concurrency_set) X(vips_copy) X(vips_error) X(vips_error_buffer) X(vips_error_clear) \
    X(vips_flatten) X(vips_foreign_find_load_buffer) X(vips_gaussblur) X(vips_icc_transform) \
    X(vips_image_copy_memory) X(vips_image_get_bands) X(vips_image_get_fields) \
    X(vips_image_get_format) X(vips_image_get_height) X(vips_image_get_int) \
    X(vips_image_get_typeof) X(vips_image_get_width) X(vips_image_guess_interpretation) \
    X(vips_image_hasalpha) X(vips_image_init_fields) X(vips_image_new_from_buffer) \
    X(vips_image_new_from_memory_copy) X(vips_image_new_memory) X(vips_image_remove) \
    X(vips_image_wio_input) X(vips_image_write_prepare) X(vips_image_write_to_memory) \
    X(vips_init) X(vips_isprefix) X(vips_jpegload_buffer) X(vips_jpegsave_buffer) \
    X(vips_pngsave_buffer) X(vips_premultiply) X(vips_resize) X(vips_smartcrop) \
    X(vips_svgload_buffer) X(vips_thumbnail_buffer) X(vips_type_find) X(vips_unpremultiply) \
    X(vips_webpsave_buffer)

typedef struct {
#define GG_VIPS_POINTER(name) __typeof__(name) *name;
    GG_VIPS_FUNCTIONS(GG_VIPS_POINTER)
#undef GG_VIPS_POINTER
} GGVipsFunctions;

/// Filled by gg_init; usable once it has returned 0.
extern GGVipsFunctions gg_vips;

#endif
