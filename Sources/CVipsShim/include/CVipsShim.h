// C wrappers around libvips' variadic calls, which Swift cannot call directly. Every function
// returns 0 on success and -1 on failure (the message is in gg_error_message()); output images are
// new references the caller releases with gg_unref, output buffers are freed with gg_free.
#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>

typedef struct _VipsImage GGImage;

/// Loads and starts libvips once per process (thread-safe); 0 when ready. Every other function
/// needs it, except gg_init_error and gg_set_concurrency.
int gg_init(void);
/// Why gg_init failed (libvips missing, too old, or failing to start).
const char *gg_init_error(void);
/// Threads libvips may use inside one operation; 0 keeps its default. Kept until libvips is loaded.
void gg_set_concurrency(int threads);
/// Operations libvips keeps in its cache; 0 disables the cache.
void gg_set_cache_max(int operations);
/// 1 when libvips has a loader of the given name, e.g. "svgload_buffer".
int gg_has_operation(const char *name);

/// libvips' error buffer, copied; free with gg_free_message. Clears the buffer.
char *gg_error_message(void);
void gg_free_message(char *message);
/* Forgets the errors libvips has recorded so far. */
void gg_error_clear(void);

void gg_unref(GGImage *image);
void gg_free(void *pointer);

int gg_width(GGImage *image);
int gg_height(GGImage *image);
int gg_bands(GGImage *image);
int gg_has_alpha(GGImage *image);

/// Decodes pixels into memory (a real decode: corrupt data fails here).
int gg_copy_memory(GGImage *in, GGImage **out);
/// Decodes into memory and turns upright (EXIF orientation); a JPEG is shrunk by `jpeg_shrink`
/// (1, 2, 4 or 8) while it is decoded. Truncated data fails.
int gg_decode_buffer(const void *data, size_t length, int jpeg_shrink, double max_pixels, GGImage **out);
/// Loads, auto-rotates (EXIF orientation) and shrinks to fit `width` (shrink-on-load where the format
/// allows), then converts to sRGB 8-bit; `scale` > 0 renders vector images at that scale first.
int gg_thumbnail_buffer(const void *data, size_t length, int width, int fail_on_truncated, GGImage **out);
/// Converts to 8-bit sRGB, using the embedded ICC profile when there is one.
int gg_to_srgb(GGImage *in, GGImage **out);
/// A copy without metadata (EXIF, XMP, IPTC, ICC profile, comments): savers' `strip` option
/// misses some of it in libvips 8.14.
int gg_strip_metadata(GGImage *in, GGImage **out);
/// Resamples to exactly `width` × `height` with a Lanczos-3 filter (Resample.c): vectorised for 8-bit
/// RGB and RGBA (alpha premultiplied while resampling), libvips' own reduce for anything else.
/// `vector` 0 takes the plain C path, which gives the same bytes (tests compare the two).
int gg_resample(GGImage *in, int width, int height, int vector, GGImage **out);
/// Resamples to cover `width`×`height`, then crops to it around the most interesting region
/// (VIPS_INTERESTING_ATTENTION).
int gg_smartcrop_cover(GGImage *in, int width, int height, GGImage **out);
/// Removes an alpha channel by blending over the given background colour.
int gg_flatten(GGImage *in, double red, double green, double blue, GGImage **out);
int gg_gaussblur(GGImage *in, double sigma, GGImage **out);
/// Rasterises SVG data at `scale` × its nominal size.
int gg_svg_load(const void *data, size_t length, double scale, double max_pixels, GGImage **out);

/// A new image from interleaved 8-bit pixels (copied).
int gg_new_from_pixels(const void *pixels, size_t length, int width, int height, int bands, GGImage **out);

int gg_png_save(GGImage *in, void **buffer, size_t *length);
int gg_jpeg_save(GGImage *in, int quality, void **buffer, size_t *length);
int gg_webp_save(GGImage *in, int quality, int effort, void **buffer, size_t *length);
/// Raw interleaved 8-bit pixels, `bands` bytes per pixel.
int gg_write_pixels(GGImage *in, void **buffer, size_t *length);

#endif
