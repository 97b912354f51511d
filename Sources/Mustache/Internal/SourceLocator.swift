/// Turns byte offsets into 1-based line and column numbers for error messages.
struct SourceLocator {
    let templateName: String
    private let source: [UInt8]
    private let lineStarts: [Int]

    init(source: [UInt8], templateName: String) {
        self.templateName = templateName
        self.source = source
        var lineStarts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(offset + 1)
        }
        self.lineStarts = lineStarts
    }

    func location(at offset: Int) -> SourceLocation {
        // The last line start at or before the offset, by binary search.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // Count Unicode scalars, not bytes: UTF-8 continuation bytes look like 0b10xxxxxx.
        let column = source[lineStarts[low]..<offset].count { $0 & 0xC0 != 0x80 } + 1
        return SourceLocation(templateName: templateName, line: low + 1, column: column)
    }

    func error(_ message: String, at offset: Int) -> TemplateError {
        TemplateError(message, at: location(at: offset))
    }
}
