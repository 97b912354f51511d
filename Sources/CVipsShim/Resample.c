// A separable Lanczos-3 resampler for 8-bit images in memory: the renditions' hot path.
//
// libvips 8.14 (Debian bookworm) reduces horizontally one sample at a time; this does the same
// arithmetic on whole vectors. Both passes use 14-bit fixed-point weights that sum to exactly
// 1 << 14 (a flat image stays flat) and round to 8 bits between passes. The SSSE3 and the plain C
// paths compute the same integer sums, so the bytes do not depend on the processor.
#include "CVipsShim.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "VipsFunctions.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GG_HAVE_SSSE3_PATH 1
#endif

enum { PRECISION = 14, HALF = 1 << (PRECISION - 1), PADDING = 16 };

/// The taps of one pass: output position i reads `count` inputs from `first[i]` on, all inside the
/// input, with weights `weights[i * stride ...]`. `stride` is `count` rounded up to even, the extra
/// weight 0, so the vector paths can take taps in pairs.
typedef struct {
    int count;
    int stride;
    int *first;
    int16_t *weights;
} Taps;

static double lanczos3(double x) {
    if (x == 0) return 1;
    if (x <= -3 || x >= 3) return 0;
    double pix = M_PI * x;
    return 3 * sin(pix) * sin(pix / 3) / (pix * pix);
}

static void taps_free(Taps *taps) {
    free(taps->first);
    free(taps->weights);
}

/// Weights for resampling `in_size` samples to `out_size`: the kernel is stretched by the
/// reduction factor when shrinking, so every input contributes (no aliasing).
static int taps_make(Taps *taps, int in_size, int out_size) {
    double scale = (double)in_size / out_size;
    double stretch = scale > 1 ? scale : 1;
    double support = 3 * stretch;
    int count = (int)ceil(support) * 2 + 1;
    if (count > in_size) count = in_size;
    taps->count = count;
    taps->stride = count + (count & 1);
    taps->first = malloc(sizeof(int) * out_size);
    taps->weights = calloc((size_t)out_size * taps->stride, sizeof(int16_t));
    double *real = malloc(sizeof(double) * count);
    if (!taps->first || !taps->weights || !real) {
        free(real);
        taps_free(taps);
        return -1;
    }
    for (int i = 0; i < out_size; i++) {
        double centre = (i + 0.5) * scale;
        int low = (int)floor(centre - support + 0.5);
        int high = (int)floor(centre + support + 0.5);
        if (low < 0) low = 0;
        if (high > in_size) high = in_size;
        if (high - low > count) high = low + count;
        // The window starts early enough that all `count` taps stay inside the input.
        int first = low + count > in_size ? in_size - count : low;
        double total = 0;
        for (int k = 0; k < count; k++) {
            int position = first + k;
            double weight = position >= low && position < high ? lanczos3((position + 0.5 - centre) / stretch) : 0;
            real[k] = weight;
            total += weight;
        }
        if (total == 0) total = 1;
        int16_t *weights = taps->weights + (size_t)i * taps->stride;
        int sum = 0, largest = 0;
        for (int k = 0; k < count; k++) {
            weights[k] = (int16_t)lrint(real[k] / total * (1 << PRECISION));
            sum += weights[k];
            if (weights[k] > weights[largest]) largest = k;
        }
        weights[largest] += (int16_t)((1 << PRECISION) - sum);
        taps->first[i] = first;
    }
    free(real);
    return 0;
}

static inline uint8_t clamp8(int32_t value) {
    value = (value + HALF) >> PRECISION;
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
}

/// Rows: out row y = Σ weight[k] × in row (first[y] + k), over `row_bytes` bytes per row.
static void vertical_plain(const uint8_t *in, size_t in_stride, uint8_t *out, size_t out_stride,
                           size_t row_bytes, int out_rows, const Taps *taps, size_t from) {
    for (int y = 0; y < out_rows; y++) {
        const int16_t *weights = taps->weights + (size_t)y * taps->stride;
        const uint8_t *rows = in + (size_t)taps->first[y] * in_stride;
        for (size_t i = from; i < row_bytes; i++) {
            int32_t sum = 0;
            for (int k = 0; k < taps->count; k++) sum += weights[k] * rows[k * in_stride + i];
            out[y * out_stride + i] = clamp8(sum);
        }
    }
}

/// Columns: out pixel x = Σ weight[k] × in pixel (first[x] + k), band by band.
static void horizontal_plain(const uint8_t *in, size_t in_stride, uint8_t *out, size_t out_stride,
                             int rows, int out_width, int bands, const Taps *taps) {
    for (int y = 0; y < rows; y++) {
        const uint8_t *row = in + y * in_stride;
        for (int x = 0; x < out_width; x++) {
            const int16_t *weights = taps->weights + (size_t)x * taps->stride;
            const uint8_t *pixels = row + (size_t)taps->first[x] * bands;
            for (int b = 0; b < bands; b++) {
                int32_t sum = 0;
                for (int k = 0; k < taps->count; k++) sum += weights[k] * pixels[k * bands + b];
                out[y * out_stride + (size_t)x * bands + b] = clamp8(sum);
            }
        }
    }
}

#ifdef GG_HAVE_SSSE3_PATH
/// Two 16-bit weights, repeated in every 32-bit lane for `pmaddwd`.
__attribute__((target("ssse3")))
static inline __m128i weight_pair(const int16_t *weights) {
    return _mm_set1_epi32((int32_t)((uint32_t)(uint16_t)weights[0] | (uint32_t)(uint16_t)weights[1] << 16));
}

__attribute__((target("ssse3")))
static inline __m128i finish4(__m128i sum) {
    return _mm_srai_epi32(_mm_add_epi32(sum, _mm_set1_epi32(HALF)), PRECISION);
}

/// 16 bytes of a row at a time; taps in pairs, interleaved so one `pmaddwd` applies both weights.
__attribute__((target("ssse3")))
static size_t vertical_ssse3(const uint8_t *in, size_t in_stride, uint8_t *out, size_t out_stride,
                             size_t row_bytes, int out_rows, const Taps *taps) {
    const __m128i zero = _mm_setzero_si128();
    size_t vector_bytes = row_bytes & ~(size_t)15;
    for (int y = 0; y < out_rows; y++) {
        const int16_t *weights = taps->weights + (size_t)y * taps->stride;
        const uint8_t *rows = in + (size_t)taps->first[y] * in_stride;
        for (size_t i = 0; i < vector_bytes; i += 16) {
            __m128i s0 = zero, s1 = zero, s2 = zero, s3 = zero;
            for (int k = 0; k < taps->count; k += 2) {
                __m128i pair = weight_pair(weights + k);
                const uint8_t *first = rows + k * in_stride + i;
                // An odd filter's last tap pairs with itself, at weight 0.
                const uint8_t *second = k + 1 < taps->count ? first + in_stride : first;
                __m128i a = _mm_loadu_si128((const __m128i *)first);
                __m128i b = _mm_loadu_si128((const __m128i *)second);
                __m128i low = _mm_unpacklo_epi8(a, b), high = _mm_unpackhi_epi8(a, b);
                s0 = _mm_add_epi32(s0, _mm_madd_epi16(_mm_unpacklo_epi8(low, zero), pair));
                s1 = _mm_add_epi32(s1, _mm_madd_epi16(_mm_unpackhi_epi8(low, zero), pair));
                s2 = _mm_add_epi32(s2, _mm_madd_epi16(_mm_unpacklo_epi8(high, zero), pair));
                s3 = _mm_add_epi32(s3, _mm_madd_epi16(_mm_unpackhi_epi8(high, zero), pair));
            }
            __m128i packed = _mm_packus_epi16(_mm_packs_epi32(finish4(s0), finish4(s1)),
                                              _mm_packs_epi32(finish4(s2), finish4(s3)));
            _mm_storeu_si128((__m128i *)(out + y * out_stride + i), packed);
        }
    }
    return vector_bytes;
}

/// One output pixel per step, two taps per `pmaddwd`: the shuffle puts pixel k's and k + 1's
/// samples of each band side by side as 16-bit lanes. Reads 8 bytes per pair, so the input needs
/// `PADDING` spare bytes after its last row.
__attribute__((target("ssse3")))
static void horizontal_ssse3(const uint8_t *in, size_t in_stride, uint8_t *out, size_t out_stride,
                             int rows, int out_width, int bands, const Taps *taps) {
    const __m128i order = bands == 4
        ? _mm_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1)
        : _mm_setr_epi8(0, -1, 3, -1, 1, -1, 4, -1, 2, -1, 5, -1, -1, -1, -1, -1);
    for (int y = 0; y < rows; y++) {
        const uint8_t *row = in + y * in_stride;
        uint8_t *target = out + y * out_stride;
        for (int x = 0; x < out_width; x++) {
            const int16_t *weights = taps->weights + (size_t)x * taps->stride;
            const uint8_t *pixels = row + (size_t)taps->first[x] * bands;
            __m128i sum = _mm_setzero_si128();
            for (int k = 0; k < taps->count; k += 2) {
                __m128i pair = weight_pair(weights + k);
                __m128i samples = _mm_shuffle_epi8(_mm_loadl_epi64((const __m128i *)(pixels + k * bands)), order);
                sum = _mm_add_epi32(sum, _mm_madd_epi16(samples, pair));
            }
            __m128i packed = _mm_packus_epi16(_mm_packs_epi32(finish4(sum), sum), sum);
            uint32_t value = (uint32_t)_mm_cvtsi128_si32(packed);
            // Fixed-size copies, which compile to plain stores.
            if (bands == 4) {
                memcpy(target + (size_t)x * 4, &value, 4);
            } else {
                memcpy(target + (size_t)x * 3, &value, 2);
                target[(size_t)x * 3 + 2] = (uint8_t)(value >> 16);
            }
        }
    }
}
#endif

static int use_ssse3(int vector) {
#ifdef GG_HAVE_SSSE3_PATH
    return vector && __builtin_cpu_supports("ssse3");
#else
    return 0;
#endif
}

/// 8-bit, 3 or 4 bands (RGB or RGBA with alpha premultiplied), in memory.
static int resample_pixels(VipsImage *in, int width, int height, int vector, VipsImage **out) {
    int in_width = in->Xsize, in_height = in->Ysize, bands = in->Bands;
    size_t in_stride = (size_t)in_width * bands;
    Taps rows_taps, column_taps;
    if (taps_make(&rows_taps, in_height, height) != 0) return -1;
    if (taps_make(&column_taps, in_width, width) != 0) {
        taps_free(&rows_taps);
        return -1;
    }
    // Rows first (the cheaper pass, on whole vectors), into a buffer with room for the
    // horizontal pass's 8-byte reads past the end.
    size_t middle_stride = in_stride;
    uint8_t *middle = malloc(middle_stride * height + PADDING);
    VipsImage *result = gg_vips.vips_image_new_memory();
    int status = -1;
    if (middle && result) {
        memset(middle + middle_stride * height, 0, PADDING);
        gg_vips.vips_image_init_fields(result, width, height, bands, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE,
                               in->Type, 1.0, 1.0);
        if (gg_vips.vips_image_write_prepare(result) == 0) {
            const uint8_t *source = in->data;
            uint8_t *target = result->data;
            size_t out_stride = (size_t)width * bands;
            int simd = use_ssse3(vector);
            size_t done = 0;
#ifdef GG_HAVE_SSSE3_PATH
            if (simd) done = vertical_ssse3(source, in_stride, middle, middle_stride, in_stride, height, &rows_taps);
#endif
            vertical_plain(source, in_stride, middle, middle_stride, in_stride, height, &rows_taps, done);
#ifdef GG_HAVE_SSSE3_PATH
            if (simd) horizontal_ssse3(middle, middle_stride, target, out_stride, height, width, bands, &column_taps);
            else
#endif
                horizontal_plain(middle, middle_stride, target, out_stride, height, width, bands, &column_taps);
            status = 0;
        }
    } else {
        gg_vips.vips_error("resample", "out of memory");
    }
    free(middle);
    taps_free(&rows_taps);
    taps_free(&column_taps);
    if (status != 0) {
        if (result) gg_vips.g_object_unref(result);
        return -1;
    }
    *out = result;
    return 0;
}

int gg_resample(GGImage *in, int width, int height, int vector, GGImage **out) {
    if (width < 1 || height < 1) {
        gg_vips.vips_error("resample", "empty target size");
        return -1;
    }
    if (gg_vips.vips_image_get_format(in) != VIPS_FORMAT_UCHAR || (in->Bands != 3 && in->Bands != 4)) {
        // Anything else (grey, 16-bit) is rare: libvips' own Lanczos 3.
        return gg_vips.vips_resize(in, out, (double)width / in->Xsize, "vscale", (double)height / in->Ysize,
                           "kernel", VIPS_KERNEL_LANCZOS3, NULL);
    }
    if (gg_vips.vips_image_wio_input(in) != 0) return -1;
    if (in->Bands == 3) return resample_pixels(in, width, height, vector, out);

    // With alpha: weighted by it, so transparent pixels' colours do not bleed into the edges.
    VipsImage *premultiplied = NULL, *resampled = NULL, *straight = NULL;
    int status = -1;
    if (gg_vips.vips_premultiply(in, &premultiplied, NULL) == 0) {
        VipsImage *bytes = NULL;
        if (gg_vips.vips_cast(premultiplied, &bytes, VIPS_FORMAT_UCHAR, NULL) == 0) {
            VipsImage *memory = gg_vips.vips_image_copy_memory(bytes);
            if (memory && resample_pixels(memory, width, height, vector, &resampled) == 0
                && gg_vips.vips_unpremultiply(resampled, &straight, NULL) == 0) {
                status = gg_vips.vips_cast(straight, out, VIPS_FORMAT_UCHAR, NULL);
            }
            if (memory) gg_vips.g_object_unref(memory);
            gg_vips.g_object_unref(bytes);
        }
    }
    if (straight) gg_vips.g_object_unref(straight);
    if (resampled) gg_vips.g_object_unref(resampled);
    if (premultiplied) gg_vips.g_object_unref(premultiplied);
    return status;
}
