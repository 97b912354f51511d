import CLibraryLoader
import Foundation
import Testing

/// The libraries only some commands need are opened on first use (`CLibraryLoader`): one that
/// is not there, or lacks a function, is a sentence naming what to install, not a crash.
@Suite struct LibraryLoaderTests {
    func open(_ library: String, _ names: [String]) -> (problem: String?, found: [UnsafeMutableRawPointer?]) {
        var failure = [CChar](repeating: 0, count: 256)
        var found = [UnsafeMutableRawPointer?](repeating: nil, count: names.count)
        let cNames = names.map { strdup($0)! }
        defer { cNames.forEach { free($0) } }
        let problem = cNames.map { UnsafePointer<CChar>($0) as UnsafePointer<CChar>? }.withUnsafeBufferPointer { names in
            gg_open_library(library, "some-package", names.baseAddress, &found, names.count, &failure, failure.count)
        }
        return (problem.map { String(cString: $0) }, found)
    }

    @Test func aMissingLibraryIsNamedWithItsPackage() {
        let (problem, _) = open("libgallerygen-absent.so.0", ["anything"])
        #expect(problem?.hasPrefix("cannot load libgallerygen-absent.so.0 (") == true)
        #expect(problem?.hasSuffix("; Debian's package some-package)") == true)
    }

    @Test func aMissingFunctionIsNamed() {
        let (problem, _) = open("libc.so.6", ["strlen", "gallerygen_no_such_function"])
        #expect(problem == "libc.so.6 has no function gallerygen_no_such_function")
    }

    @Test func everyFunctionIsFoundInOrder() {
        let (problem, found) = open("libc.so.6", ["strlen", "memchr"])
        #expect(problem == nil)
        #expect(found.count == 2 && found.allSatisfy { $0 != nil } && found[0] != found[1])
    }
}
