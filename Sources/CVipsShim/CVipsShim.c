#include "CVipsShim.h"
#include "VipsFunctions.h"
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

GGVipsFunctions gg_vips;

static pthread_once_t gg_once = PTHREAD_ONCE_INIT;
static int gg_loaded = 0;
static char gg_init_failure[512];
/// Asked for before libvips was loaded (0: libvips' default), applied when it is.
static int gg_concurrency = 0;

/* libvips reports problems with a decoded file (a truncated JPEG, say) as GLib warnings on
   stderr as well as through its error buffer; gallerygen reports them as diagnostics, so the
   warnings are dropped. */
static void gg_drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static void gg_init_once(void) {
    const char *library = "libvips.so.42";
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_init_failure, sizeof gg_init_failure,
                 "cannot load libvips (%s; Debian's package libvips42)", dlerror());
        return;
    }
#define GG_VIPS_LOOKUP(name) \
    if (!(gg_vips.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(gg_init_failure, sizeof gg_init_failure, "%s has no function %s (libvips 8.14 or later is needed)", library, #name); \
        return; \
    }
    GG_VIPS_FUNCTIONS(GG_VIPS_LOOKUP)
#undef GG_VIPS_LOOKUP
    gg_vips.g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, gg_drop_log, NULL);
    if (gg_vips.vips_init("gallerygen") != 0) {
        snprintf(gg_init_failure, sizeof gg_init_failure, "cannot start libvips: %s", gg_vips.vips_error_buffer());
        return;
    }
    gg_vips.vips_concurrency_set(gg_concurrency);
    gg_loaded = 1;
}

int gg_init(void) {
    pthread_once(&gg_once, gg_init_once);
    return gg_loaded ? 0 : -1;
}

const char *gg_init_error(void) { return gg_init_failure; }

void gg_error_clear(void) {
    if (gg_loaded) gg_vips.vips_error_clear();
}

void gg_set_concurrency(int threads) {
    gg_concurrency = threads;
    if (gg_loaded) gg_vips.vips_concurrency_set(threads);
}

void gg_set_cache_max(int operations) {
    gg_vips.vips_cache_set_max(operations);
    if (operations == 0) {
        gg_vips.vips_cache_set_max_mem(0);
        gg_vips.vips_cache_set_max_files(0);
    }
}

int gg_has_operation(const char *name) {
    return gg_vips.vips_type_find("VipsOperation", name) != 0;
}

char *gg_error_message(void) {
    char *message = strdup(gg_vips.vips_error_buffer());
    gg_vips.vips_error_clear();
    return message;
}

void gg_free_message(char *message) { free(message); }

void gg_unref(GGImage *image) {
    if (image) gg_vips.g_object_unref(image);
}

void gg_free(void *pointer) { gg_vips.g_free(pointer); }

int gg_width(GGImage *image) { return gg_vips.vips_image_get_width(image); }
int gg_height(GGImage *image) { return gg_vips.vips_image_get_height(image); }
int gg_bands(GGImage *image) { return gg_vips.vips_image_get_bands(image); }
int gg_has_alpha(GGImage *image) { return gg_vips.vips_image_hasalpha(image); }

int gg_copy_memory(GGImage *in, GGImage **out) {
    *out = gg_vips.vips_image_copy_memory(in);
    return *out ? 0 : -1;
}

int gg_thumbnail_buffer(const void *data, size_t length, int width, int fail_on_truncated, GGImage **out) {
    return gg_vips.vips_thumbnail_buffer((void *)data, length, out, width,
        "height", VIPS_MAX_COORD,
        "size", VIPS_SIZE_DOWN,
        "option_string", fail_on_truncated ? "fail_on=truncated" : "",
        NULL);
}

// The decoder's own idea of the size, read from the opened (not yet decoded) image: the last
// word on memory, whatever the header probe saw.
static int gg_within_limit(VipsImage *image, double max_pixels) {
    if ((double)image->Xsize * (double)image->Ysize <= max_pixels) return 1;
    gg_vips.vips_error("gallerygen", "the decoder sees %dx%d pixels, above the limit", image->Xsize, image->Ysize);
    return 0;
}

int gg_decode_buffer(const void *data, size_t length, int jpeg_shrink, double max_pixels, GGImage **out) {
    const char *loader = gg_vips.vips_foreign_find_load_buffer(data, length);
    if (!loader) return -1;
    // Sequential: decoded strip by strip straight into the memory image, not into a whole-image
    // buffer of the loader's first and then copied.
    VipsImage *image = NULL;
    if (strcmp(loader, "jpegload_buffer") == 0) {
        if (gg_vips.vips_jpegload_buffer((void *)data, length, &image, "shrink", jpeg_shrink,
                                 "fail_on", VIPS_FAIL_ON_TRUNCATED, "access", VIPS_ACCESS_SEQUENTIAL, NULL) != 0) return -1;
    } else {
        image = gg_vips.vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                           "access", VIPS_ACCESS_SEQUENTIAL, NULL);
        if (!image) return -1;
    }
    if (!gg_within_limit(image, max_pixels)) {
        gg_vips.g_object_unref(image);
        return -1;
    }
    VipsImage *decoded = gg_vips.vips_image_copy_memory(image);
    gg_vips.g_object_unref(image);
    if (!decoded) return -1;
    int orientation = 1;
    if (gg_vips.vips_image_get_typeof(decoded, VIPS_META_ORIENTATION)) {
        gg_vips.vips_image_get_int(decoded, VIPS_META_ORIENTATION, &orientation);
    }
    if (orientation == 1) {
        *out = decoded;
        return 0;
    }
    // Turned upright (a second copy, for the few photos that need it).
    VipsImage *upright = NULL;
    int result = gg_vips.vips_autorot(decoded, &upright, NULL);
    gg_vips.g_object_unref(decoded);
    if (result != 0) return -1;
    *out = gg_vips.vips_image_copy_memory(upright);
    gg_vips.g_object_unref(upright);
    return *out ? 0 : -1;
}

int gg_to_srgb(GGImage *in, GGImage **out) {
    GGImage *converted = NULL;
    int result;
    if (gg_vips.vips_image_get_typeof(in, VIPS_META_ICC_NAME)) {
        result = gg_vips.vips_icc_transform(in, &converted, "srgb", "embedded", TRUE,
            "intent", VIPS_INTENT_PERCEPTUAL, NULL);
        if (result != 0) {
            // A broken profile: fall back to the plain conversion below.
            gg_vips.vips_error_clear();
            result = gg_vips.vips_colourspace(in, &converted, VIPS_INTERPRETATION_sRGB, NULL);
        }
    } else if (gg_vips.vips_image_guess_interpretation(in) == VIPS_INTERPRETATION_sRGB
               && gg_vips.vips_image_get_format(in) == VIPS_FORMAT_UCHAR) {
        (gg_vips.g_object_ref)(in); // Parenthesised: GLib also defines g_object_ref as a macro.
        converted = in;
        result = 0;
    } else {
        result = gg_vips.vips_colourspace(in, &converted, VIPS_INTERPRETATION_sRGB, NULL);
    }
    if (result != 0) return -1;
    if (gg_vips.vips_image_get_format(converted) != VIPS_FORMAT_UCHAR) {
        GGImage *cast = NULL;
        result = gg_vips.vips_cast(converted, &cast, VIPS_FORMAT_UCHAR, NULL);
        gg_vips.g_object_unref(converted);
        if (result != 0) return -1;
        converted = cast;
    }
    *out = converted;
    return 0;
}

static int gg_is_metadata(const char *field) {
    return gg_vips.vips_isprefix("exif-", field) || gg_vips.vips_isprefix("png-comment-", field)
        || strcmp(field, VIPS_META_XMP_NAME) == 0 || strcmp(field, VIPS_META_IPTC_NAME) == 0
        || strcmp(field, VIPS_META_ICC_NAME) == 0 || strcmp(field, VIPS_META_ORIENTATION) == 0
        || strcmp(field, VIPS_META_PHOTOSHOP_NAME) == 0;
}

int gg_strip_metadata(GGImage *in, GGImage **out) {
    gchar **fields = gg_vips.vips_image_get_fields(in);
    int found = 0;
    for (int i = 0; fields[i] && !found; i++) found = gg_is_metadata(fields[i]);
    gg_vips.g_strfreev(fields);
    if (!found) {
        // Nothing to strip (a resampled image carries none): the same image, still in memory.
        (gg_vips.g_object_ref)(in); // Parenthesised: GLib also defines g_object_ref as a macro.
        *out = in;
        return 0;
    }
    if (gg_vips.vips_copy(in, out, NULL) != 0) return -1;
    fields = gg_vips.vips_image_get_fields(*out);
    for (int i = 0; fields[i]; i++) {
        if (gg_is_metadata(fields[i])) gg_vips.vips_image_remove(*out, fields[i]);
    }
    gg_vips.g_strfreev(fields);
    return 0;
}

int gg_smartcrop_cover(GGImage *in, int width, int height, GGImage **out) {
    double scale = VIPS_MAX((double)width / in->Xsize, (double)height / in->Ysize);
    int cover_width = VIPS_MAX(width, (int)lround(in->Xsize * scale));
    int cover_height = VIPS_MAX(height, (int)lround(in->Ysize * scale));
    VipsImage *cover = NULL;
    if (gg_resample(in, cover_width, cover_height, 1, &cover) != 0) return -1;
    int result = gg_vips.vips_smartcrop(cover, out, width, height, "interesting", VIPS_INTERESTING_ATTENTION, NULL);
    gg_vips.g_object_unref(cover);
    return result;
}

int gg_flatten(GGImage *in, double red, double green, double blue, GGImage **out) {
    VipsArrayDouble *background = gg_vips.vips_array_double_newv(3, red, green, blue);
    int result = gg_vips.vips_flatten(in, out, "background", background, NULL);
    gg_vips.vips_area_unref(VIPS_AREA(background));
    return result;
}

int gg_gaussblur(GGImage *in, double sigma, GGImage **out) {
    return gg_vips.vips_gaussblur(in, out, sigma, NULL);
}

int gg_svg_load(const void *data, size_t length, double scale, double max_pixels, GGImage **out) {
    if (gg_vips.vips_svgload_buffer((void *)data, length, out, "scale", scale, NULL) != 0) return -1;
    if (gg_within_limit(*out, max_pixels)) return 0;
    gg_vips.g_object_unref(*out);
    *out = NULL;
    return -1;
}

int gg_new_from_pixels(const void *pixels, size_t length, int width, int height, int bands, GGImage **out) {
    *out = gg_vips.vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
    if (*out && bands >= 3) (*out)->Type = VIPS_INTERPRETATION_sRGB;
    return *out ? 0 : -1;
}

int gg_png_save(GGImage *in, void **buffer, size_t *length) {
    return gg_vips.vips_pngsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

int gg_jpeg_save(GGImage *in, int quality, void **buffer, size_t *length) {
    return gg_vips.vips_jpegsave_buffer(in, buffer, length,
        "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", FALSE, NULL);
}

int gg_webp_save(GGImage *in, int quality, int effort, void **buffer, size_t *length) {
    return gg_vips.vips_webpsave_buffer(in, buffer, length,
        "Q", quality, "effort", effort, "strip", TRUE, "smart_subsample", FALSE, NULL);
}

int gg_write_pixels(GGImage *in, void **buffer, size_t *length) {
    *buffer = gg_vips.vips_image_write_to_memory(in, length);
    return *buffer ? 0 : -1;
}
