import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryCLI

/// The conventions of Hugo and Zola that issue 12 asked for: short options and aliases, the
/// current folder as the site, suggestions for typos, colour only on a terminal without
/// NO_COLOR, and diagnostics as JSON lines for editors and CI.
@Suite struct ConventionsTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try write("bar/site.yml", "title: Conventions Bar\n")
        try write("bar/recipes/gimlet.md", "---\ntitle: Gimlet\ndate: 2024-01-02\n---\nShake.\n")
        try write("bar/recipes/draft.md", "---\ntitle: Draft Sour\ndate: 2024-01-03\ndraft: true\n---\nShake.\n")
    }

    /// The tool as run from `relative` inside the workspace.
    func run(_ arguments: [String], in relative: String, terminal: Bool = false, environment: [String: String] = [:]) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        var console = captured.console
        console.errorIsTerminal = terminal
        let tool = CommandLineTool(console: console, currentDirectory: directory.appendingPathComponent(relative),
                                   environment: ["GALLERYGEN_THEME": Repository.templates.path].merging(environment) { $1 })
        return (tool.run(arguments), captured)
    }

    @Test func shortOptionsAndHugosAliasesMeanTheLongOnes() throws {
        let (code, console) = run(["build", "-s", "bar", "-d", "out", "-D", "-b", "https://example.com/x/", "-q"], in: ".")
        #expect(code == 0, "\(console.error)")
        #expect(console.out.isEmpty, "-q prints nothing on success: \(console.out)")
        let page = try read("out/recipes/draft/index.html")
        #expect(page.contains("Draft Sour"))
        #expect(page.contains("https://example.com/x/recipes/draft/"))
        let (grouped, groupedConsole) = run(["build", "-Dq", "-o", "grouped"], in: "bar")
        #expect(grouped == 0, "\(groupedConsole.error)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bar/grouped/recipes/draft/index.html").path))
        let (attached, attachedConsole) = run(["build", "-j1", "-sbar", "-oattached", "-Dq"], in: ".")
        #expect(attached == 0, "\(attachedConsole.error)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("attached/recipes/draft/index.html").path))
        #expect(run(["build", "-h"], in: ".").1.out.contains("-s, --site DIR"))
        #expect(run(["-V"], in: ".").1.out.hasPrefix("gallerygen \(CommandLineTool.version) (malloc: "))
    }

    @Test func theCurrentFolderIsTheSiteWhenItHoldsASiteYml() throws {
        let (code, console) = run(["build"], in: "bar")
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Built 1 recipes into public"))
        #expect(!console.error.contains("Using the site folder"))
        // Outside a site folder and without Site/, the error says what to do.
        let (outside, outsideConsole) = run(["build"], in: ".")
        #expect(outside == 1)
        #expect(outsideConsole.error.contains("no site.yml in the current folder"))
        #expect(outsideConsole.error.contains("--site DIR"))
        // In a checkout-like folder with Site/, that one is used and named.
        try write("checkout/Site/site.yml", "title: Sample\n")
        let (sample, sampleConsole) = run(["build"], in: "checkout")
        #expect(sample == 0, "\(sampleConsole.error)")
        #expect(sampleConsole.error.contains("Using the site folder Site (no site.yml here)"))
    }

    @Test func typosGetTheNearestCommandOrOption() {
        let (command, commandConsole) = run(["biuld"], in: "bar")
        #expect(command == 2)
        #expect(commandConsole.error.contains("unknown command 'biuld' (did you mean 'build'?)"))
        let (option, optionConsole) = run(["build", "--drafs"], in: "bar")
        #expect(option == 2)
        #expect(optionConsole.error.contains("unknown option '--drafs' (did you mean '--drafts'?)"))
        let (far, farConsole) = run(["zzzzzz"], in: "bar")
        #expect(far == 2)
        #expect(!farConsole.error.contains("did you mean"))
        let (helpHelp, helpConsole) = run(["help", "help"], in: "bar")
        #expect(helpHelp == 0)
        #expect(helpConsole.out.contains("Usage: gallerygen help [COMMAND]"))
        #expect(run(["help"], in: "bar").1.out.contains("Commands:"))
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        try write("bar/recipes/bad.md", "---\ntitle: Bad\ndate: 2024-01-02\nglasss: Coupe\n---\nShake.\n")
        let escape = "\u{1B}["
        let (_, terminal) = run(["build", "-q"], in: "bar", terminal: true)
        #expect(terminal.error.contains("\(escape)1;33mwarning:\(escape)0m"), "\(terminal.error)")
        let (_, piped) = run(["build", "-q"], in: "bar", terminal: false)
        #expect(piped.error.contains("recipes/bad.md:4:1: warning:"), "\(piped.error)")
        #expect(!piped.error.contains(escape))
        let (_, noColor) = run(["build", "-q"], in: "bar", terminal: true, environment: ["NO_COLOR": "1"])
        #expect(!noColor.error.contains(escape))
        #expect(noColor.error.contains("recipes/bad.md:4:1: warning:"))
        let (_, dumb) = run(["build", "-q"], in: "bar", terminal: true, environment: ["TERM": "dumb"])
        #expect(!dumb.error.contains(escape))
    }

    @Test func formatJSONPrintsOneObjectPerDiagnosticOnStandardOutput() throws {
        try write("bar/recipes/bad.md", "---\ntitle: [unclosed\n---\n")
        for command in ["build", "check"] {
            let (code, console) = run([command, "--format", "json"], in: "bar")
            #expect(code == 1)
            let lines = console.out.split(separator: "\n")
            #expect(!lines.isEmpty, "\(command) printed no JSON")
            for line in lines {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
                #expect(Set(object.keys) == ["severity", "file", "line", "column", "message"])
            }
            let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
            #expect(first["file"] as? String == "recipes/bad.md")
            #expect(first["severity"] as? String == "error")
            #expect(first["line"] as? Int == 3)
            #expect((first["message"] as? String)?.contains("invalid YAML") == true)
        }
        #expect(run(["build", "--format", "xml"], in: "bar").0 == 2)
    }
}

@Suite struct EditDistanceTests {
    @Test func countsInsertionsDeletionsSubstitutionsAndSwaps() {
        #expect(editDistance("build", "build") == 0)
        #expect(editDistance("biuld", "build") == 1)
        #expect(editDistance("buil", "build") == 1)
        #expect(editDistance("bxild", "build") == 1)
        #expect(editDistance("", "serve") == 5)
        #expect(editDistance("serve", "") == 5)
        #expect(editDistance("ca", "abc") == 3)
        #expect(nearest(to: "srve", in: ["build", "serve", "check"]) == "serve")
        #expect(nearest(to: "xyz", in: ["build", "serve", "check"]) == nil)
    }
}
