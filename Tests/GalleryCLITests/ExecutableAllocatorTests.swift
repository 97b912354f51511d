import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryCLI

/// The built `gallerygen` executable runs on mimalloc (CMimalloc) and says so: `--version` names
/// the allocator that serves malloc, which the executable checks at start rather than assumes.
@Suite struct ExecutableAllocatorTests {
    static let executable = Paths.root.appendingPathComponent(".build/debug/gallerygen")

    /// Standard output and error of the executable run with `arguments` and `environment`.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (out: String, error: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), error = Pipe()
        process.standardOutput = out
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func versionNamesMimalloc() throws {
        let version = try run(["--version"]).out
        #expect(version.hasPrefix("gallerygen \(CommandLineTool.version) (malloc: mimalloc 2."), "\(version)")
    }

    /// Every library's malloc, calloc, realloc and free is bound to mimalloc's, none to glibc's:
    /// the dynamic linker's own account (LD_DEBUG=bindings), with every symbol bound at start.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func everyLibraryAllocatesFromMimalloc() throws {
        let trace = try run(["--version"], environment: ["LD_DEBUG": "bindings", "LD_BIND_NOW": "1"]).error
        let allocations = trace.split(separator: "\n").filter { line in
            ["malloc", "calloc", "realloc", "free"].contains { line.hasSuffix("normal symbol `\($0)'") || line.contains("normal symbol `\($0)' ") }
        }
        #expect(allocations.contains { $0.contains("libcmark") && $0.contains("libmimalloc") })
        #expect(allocations.contains { $0.contains("libc.so.6 [0] to") && $0.contains("libmimalloc") })
        let toGlibc = allocations.filter { $0.contains("to /lib/x86_64-linux-gnu/libc.so.6") || $0.contains("to /usr/lib/x86_64-linux-gnu/libc.so.6") }
        #expect(toGlibc.isEmpty, "\(toGlibc.joined(separator: "\n"))")
    }
}
