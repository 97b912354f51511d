import GalleryLayout
import Testing
@testable import GalleryCLI

@Suite struct LayoutsCommandTests {
    func run(_ arguments: [String]) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        let tool = CommandLineTool(console: captured.console)
        return (tool.run(arguments), captured)
    }

    @Test func listsEveryEngineWithEveryParameterAndDefault() throws {
        let (code, console) = run(["layouts"])
        #expect(code == 0)
        // One block per engine, separated by an empty line.
        let blocks = console.out.components(separatedBy: "\n\n")
        for engine in LayoutRegistry.engines {
            let block = try #require(blocks.first { $0.hasPrefix("\(engine.name) — \(engine.summary)") })
            for parameter in engine.parameters {
                let line = block.split(separator: "\n").first {
                    $0.hasPrefix("  \(parameter.name) ") && $0.hasSuffix(parameter.help)
                }
                #expect(line?.contains(" \(parameter.defaultValue) ") == true, "\(engine.name).\(parameter.name): \(line ?? "no line")")
            }
        }
    }

    @Test func namedEngineAlone() {
        let (code, console) = run(["layouts", "fan"])
        #expect(code == 0)
        #expect(console.out.contains("fan — "))
        #expect(!console.out.contains("grid — "))
    }

    @Test func unknownEngineIsAnError() {
        let (code, console) = run(["layouts", "carousel"])
        #expect(code != 0)
        #expect(console.error.contains("carousel"))
    }

    /// Which engines hide titles and which a site gets by default come from the engines themselves.
    @Test func titleAndDefaultSentencesFollowTheEngines() {
        let (_, console) = run(["layouts"])
        let untitled = LayoutRegistry.engines.filter { !$0.showsTitlesByDefault }.map(\.name)
        #expect(untitled == ["fan", "deck", "spread", "coverflow", "stack", "circle"])
        #expect(console.out.contains("off for \(LayoutsCommand.list(untitled))"))
        #expect(console.out.contains("gets \(LayoutsCommand.list(LayoutRegistry.defaultEngines.map(\.name)))."))
        #expect(LayoutsCommand.list(["a"]) == "a")
        #expect(LayoutsCommand.list(["a", "b", "c"]) == "a, b and c")
    }
}
