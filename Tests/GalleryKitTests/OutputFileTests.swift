import Foundation
import Synchronization
import Testing
@testable import GallerySupport

/// A streamed file is the making of its bytes (a whole book): comparing or hashing it never makes
/// them, and it has no fingerprint of its bytes (its maker fingerprints what it is made from).
@Suite struct OutputFileTests {
    /// How often streams' bytes were made.
    final class Count: Sendable {
        let value = Mutex(0)
        var current: Int { value.withLock { $0 } }
    }

    /// A stream that counts how often its bytes are made.
    static func countedStream(_ text: String, made: Count) -> OutputFile.Stream {
        OutputFile.Stream { sink in
            made.value.withLock { $0 += 1 }
            Array(text.utf8).withUnsafeBufferPointer(sink)
        }
    }

    @Test func streamsCompareAndHashByIdentityWithoutMakingTheirBytes() {
        let made = Count()
        let book = Self.countedStream("<p>book</p>", made: made)
        let same = Self.countedStream("<p>book</p>", made: made)
        #expect(book == book)
        #expect(book != same)
        #expect(Set([book, book, same]).count == 2)
        let file = OutputFile(path: "cookbook/index.html", contents: .stream(book))
        #expect(file == OutputFile(path: "cookbook/index.html", contents: .stream(book)))
        #expect(file != OutputFile(path: "cookbook/index.html", contents: .stream(same)))
        #expect(Set([file]).contains(file))
        #expect(made.current == 0)
        // Its bytes are made only when asked for by name.
        #expect(file.data == Data("<p>book</p>".utf8))
        #expect(made.current == 1)
    }

    /// The other contents keep their fingerprints of what they hold.
    @Test func heldBytesAndPiecesAreFingerprintedByTheirBytes() {
        let data = OutputFile.Contents.data(Data("<p>one</p><p>two</p>".utf8))
        let pieces = OutputFile.Contents.pieces(OutputFile.Pieces([Data("<p>one</p>".utf8), Data("<p>two</p>".utf8)]))
        #expect(data.fingerprint == OutputFile.Contents.data(Data("<p>one</p><p>two</p>".utf8)).fingerprint)
        #expect(data.fingerprint != OutputFile.Contents.data(Data("<p>one</p>".utf8)).fingerprint)
        #expect(pieces.fingerprint == OutputFile.Contents.pieces(OutputFile.Pieces([Data("<p>one</p>".utf8), Data("<p>two</p>".utf8)])).fingerprint)
    }

    /// Asking a stream for a fingerprint of its bytes stops the program at once rather than make
    /// the file twice in silence.
    @Test func aStreamHasNoFingerprintOfItsBytes() async {
        await #expect(processExitsWith: .failure) {
            _ = OutputFile.Contents.stream(OutputFile.Stream { _ in }).fingerprint
        }
    }
}
