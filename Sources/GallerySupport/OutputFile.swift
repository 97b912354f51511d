import Foundation

/// One file of the built site, held in memory until the writer puts it in place.
package struct OutputFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        case data(Data)
        /// A file copied byte for byte from the site or theme folder.
        case copy(URL)
        /// A file from gallerygen's own cache, hard-linked when the file system allows (a warm
        /// build then writes hundreds of images in milliseconds), else copied.
        case link(URL)
    }

    /// Path relative to the output folder, with `/` separators.
    package var path: String
    package var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    package init(path: String, text: String) {
        self.init(path: path, contents: .data(Data(text.utf8)))
    }
}
