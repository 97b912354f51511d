import Foundation
import GalleryTestSupport
@testable import GalleryCLI

/// The repository's paths, as the other test targets name them.
typealias Paths = Repository

/// A suite that runs gallerygen's commands in a temporary folder of its own, with the theme of
/// this checkout; the folder goes when the suite instance does.
protocol CommandWorkspace {
    var folder: TemporaryDirectory { get }
}

extension CommandWorkspace {
    var directory: URL { folder.url }

    func write(_ relative: String, _ text: String) throws {
        try folder.write(relative, text)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The tool as a user runs it from this folder; `environment` adds to or replaces its variables.
    func tool(_ captured: CapturedConsole, environment: [String: String] = [:]) -> CommandLineTool {
        CommandLineTool(console: captured.console, currentDirectory: directory,
                        environment: ["GALLERYGEN_THEME": Repository.templates.path].merging(environment) { $1 })
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        return (tool(captured, environment: environment).run(arguments), captured)
    }
}
