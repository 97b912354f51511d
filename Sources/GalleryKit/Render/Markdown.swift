import Foundation
import CCmark

/// Renders Markdown to HTML with libcmark. This file owns every cmark pointer.
public enum Markdown {
    /// Renders `text` with smart punctuation. Unless `allowRawHTML` is set, raw HTML blocks and
    /// inlines are omitted and `javascript:`, `vbscript:`, `file:` and non-image `data:` links
    /// are dropped (cmark's safe mode).
    public static func html(_ text: String, allowRawHTML: Bool = false) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let bytes = Array(text.utf8)
        guard let rendered = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_markdown_to_html($0, buffer.count, options)
                }
            } ?? cmark_markdown_to_html("", 0, options)
        }) else { return "" }
        defer { free(rendered) }
        let html = String(cString: rendered)
        // cmark marks what safe mode removed with a comment; readers need no trace of it.
        // Only Markdown with a "<" can hold raw HTML; skipping the search saves a copy per page.
        guard !allowRawHTML, bytes.contains(UInt8(ascii: "<")) else { return html }
        return html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
    }
}
