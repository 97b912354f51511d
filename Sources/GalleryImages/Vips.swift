import CVipsShim
import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// The only Swift file that touches libvips: it owns every `VipsImage` reference and every buffer
/// libvips allocates, and frees each one (`deinit`, `defer`), so the rest of the pipeline works
/// with `Data`, `Int` and `VipsImage` values and never sees a pointer (STYLE: C at arm's length).
enum Vips {
    /// A libvips failure, with libvips' own message.
    struct Failure: Error, Sendable {
        var message: String
    }

    /// Starts libvips once per process; thread-safe. The operation cache is off: every operation
    /// of a build runs once, and cached operations would keep decoded pixels alive.
    static func start() throws(Failure) {
        guard gg_init() == 0 else { throw Failure(message: String(cString: gg_init_error())) }
        gg_set_cache_max(0)
    }

    /// How many threads libvips may use inside one operation (0: its default, one per core).
    static func setConcurrency(_ threads: Int) {
        gg_set_concurrency(Int32(threads))
    }

    /// True when this libvips can rasterise SVG (it was built with librsvg).
    static var canLoadSVG: Bool {
        (try? start()) != nil && gg_has_operation("svgload_buffer") == 1
    }

    /// Forgets any error libvips has recorded, before an operation whose own message we want.
    static func clearError() {
        gg_error_clear()
    }

    /// libvips' error message, consumed. The buffer is shared by every thread, so while images
    /// are processed side by side it may hold another image's error (see `ImagePipeline.run`).
    private static func failure(_ fallback: String) -> Failure {
        guard let message = gg_error_message() else { return Failure(message: fallback) }
        defer { gg_free_message(message) }
        let text = String(cString: message)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return Failure(message: text.isEmpty ? fallback : text.joined(separator: "; "))
    }

    /// Runs a shim call that produces a new image.
    fileprivate static func make(_ what: String, _ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws(Failure) -> VipsImage {
        var output: OpaquePointer?
        let status = call(&output)
        guard status == 0, let output else {
            if let output { gg_unref(output) }
            throw failure("\(what) failed")
        }
        return VipsImage(output)
    }

    /// Runs a shim call that produces a buffer libvips allocated, copied into `Data` and freed.
    fileprivate static func buffer(_ what: String, _ call: (UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>) -> Int32) throws(Failure) -> Data {
        var pointer: UnsafeMutableRawPointer?
        var length = 0
        let status = call(&pointer, &length)
        defer { if let pointer { gg_free(pointer) } }
        guard status == 0, let pointer else { throw failure("\(what) failed") }
        return Data(bytes: pointer, count: length)
    }

    /// Runs `body` with `data`'s bytes pinned in memory (`withUnsafeBytes` loses typed throws).
    private static func pinned<T>(_ data: Data, _ body: (UnsafeRawBufferPointer) throws(Failure) -> T) throws(Failure) -> T {
        try data.withUnsafeBytes { raw in Result { () throws(Failure) -> T in try body(raw) } }.get()
    }

    /// Decodes into memory, turned upright (EXIF orientation), for use at most `width` pixels wide
    /// (`fullWidth` is the upright image's): a JPEG is shrunk by a power of two while it is decoded,
    /// as far as leaves a factor of two or more for the Lanczos resample after it (libvips'
    /// thumbnail rule: libjpeg's shrink is a block filter, sharper than it should be).
    static func decode(_ data: Data, fullWidth: Int, fitting width: Int) throws(Failure) -> VipsImage {
        try start()
        let factor = Double(fullWidth) / Double(max(width, 1))
        let shrink: Int32 = factor >= 16 ? 8 : factor >= 8 ? 4 : factor >= 4 ? 2 : 1
        return try pinned(data) { (raw: UnsafeRawBufferPointer) throws(Failure) -> VipsImage in
            try make("decoding the image") { gg_decode_buffer(raw.baseAddress, raw.count, shrink, Double(ImageProbe.pixelLimit), $0) }
        }
    }

    /// Decodes at a small size (shrink-on-load where the format allows): finds truncated and
    /// corrupt data as cheaply as a full decode would.
    static func thumbnail(_ data: Data, width: Int) throws(Failure) -> VipsImage {
        try start()
        return try pinned(data) { (raw: UnsafeRawBufferPointer) throws(Failure) -> VipsImage in
            let lazy = try make("decoding the image") { gg_thumbnail_buffer(raw.baseAddress, raw.count, Int32(width), 1, $0) }
            return try lazy.inMemory()
        }
    }

    /// An image from interleaved 8-bit samples (tests draw their fixtures with it).
    static func image(pixels: [UInt8], width: Int, height: Int, bands: Int) throws(Failure) -> VipsImage {
        try start()
        return try pinned(Data(pixels)) { (raw: UnsafeRawBufferPointer) throws(Failure) -> VipsImage in
            try make("making an image") { gg_new_from_pixels(raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), $0) }
        }
    }

    /// Rasterises SVG data at `scale` times its nominal size.
    static func openSVG(_ data: Data, scale: Double) throws(Failure) -> VipsImage {
        try start()
        return try pinned(data) { (raw: UnsafeRawBufferPointer) throws(Failure) -> VipsImage in
            let lazy = try make("rasterising the SVG") { gg_svg_load(raw.baseAddress, raw.count, scale, Double(ImageProbe.pixelLimit), $0) }
            return try lazy.inMemory()
        }
    }
}

/// One libvips image reference, released when the value goes away. Not shared between threads:
/// each image is processed start to finish by one worker.
final class VipsImage {
    private let pointer: OpaquePointer

    fileprivate init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        gg_unref(pointer)
    }

    var width: Int { Int(gg_width(pointer)) }
    var height: Int { Int(gg_height(pointer)) }
    var bands: Int { Int(gg_bands(pointer)) }
    var hasAlpha: Bool { gg_has_alpha(pointer) != 0 }

    /// Decodes every pixel into memory: later operations then never read the source again, and
    /// corrupt data is found here.
    func inMemory() throws(Vips.Failure) -> VipsImage {
        try Vips.make("decoding the image") { gg_copy_memory(pointer, $0) }
    }

    /// In 8-bit sRGB, through the embedded ICC profile when there is one.
    func sRGB() throws(Vips.Failure) -> VipsImage {
        try Vips.make("converting to sRGB") { gg_to_srgb(pointer, $0) }
    }

    /// Without EXIF, XMP, IPTC, ICC or comments: what every output is made from.
    func strippedOfMetadata() throws(Vips.Failure) -> VipsImage {
        try Vips.make("removing metadata") { gg_strip_metadata(pointer, $0) }
    }

    /// Resampled (Lanczos 3) to `width` pixels wide, the height in proportion; in memory.
    func resampled(toWidth width: Int) throws(Vips.Failure) -> VipsImage {
        try resampled(width: width, height: max(1, Int((Double(height) * Double(width) / Double(self.width)).rounded())))
    }

    /// Resampled (Lanczos 3) to exactly `width`×`height`; `vectorised: false` takes the plain C
    /// path, which gives the same bytes.
    func resampled(width: Int, height: Int, vectorised: Bool = true) throws(Vips.Failure) -> VipsImage {
        try Vips.make("resizing") { gg_resample(pointer, Int32(width), Int32(height), vectorised ? 1 : 0, $0) }
    }

    /// Scaled to cover `width`×`height`, cropped to it around what draws the eye.
    func smartCropped(width: Int, height: Int) throws(Vips.Failure) -> VipsImage {
        try Vips.make("cropping") { gg_smartcrop_cover(pointer, Int32(width), Int32(height), $0) }
    }

    /// Alpha blended over an opaque background colour (0–255 per channel).
    func flattened(red: Double, green: Double, blue: Double) throws(Vips.Failure) -> VipsImage {
        try Vips.make("flattening") { gg_flatten(pointer, red, green, blue, $0) }
    }

    func blurred(sigma: Double) throws(Vips.Failure) -> VipsImage {
        try Vips.make("blurring") { gg_gaussblur(pointer, sigma, $0) }
    }

    /// Baseline JPEG, metadata stripped, Huffman tables optimised.
    func jpeg(quality: Int) throws(Vips.Failure) -> Data {
        try Vips.buffer("JPEG encoding") { gg_jpeg_save(pointer, Int32(quality), $0, $1) }
    }

    /// Lossy WebP, metadata stripped; `effort` 0 (fast) … 6 (small).
    func webp(quality: Int, effort: Int) throws(Vips.Failure) -> Data {
        WebPMetadata.stripped(try Vips.buffer("WebP encoding") { gg_webp_save(pointer, Int32(quality), Int32(effort), $0, $1) })
    }

    func png() throws(Vips.Failure) -> Data {
        try Vips.buffer("PNG encoding") { gg_png_save(pointer, $0, $1) }
    }

    /// Interleaved 8-bit samples, `bands` per pixel, row by row.
    func pixels() throws(Vips.Failure) -> [UInt8] {
        [UInt8](try Vips.buffer("reading pixels") { gg_write_pixels(pointer, $0, $1) })
    }
}
