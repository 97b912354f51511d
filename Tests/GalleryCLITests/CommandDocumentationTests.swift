import Testing
@testable import GalleryCLI

/// `--help`, the man page and the three shell completions are written from the same command
/// tables: every option of every command must appear in all five, so they cannot drift.
@Suite struct CommandDocumentationTests {
    @Test(arguments: CommandLineTool.commands.map(\.name))
    func everyOptionAppearsInHelpManPageAndCompletions(_ name: String) throws {
        let command = try #require(CommandLineTool.commands.first { $0.name == name })
        let manual = ManualPage.text
        let scripts = try ["bash", "zsh", "fish"].map { try #require(CompletionsCommand.script(for: $0)) }
        #expect(manual.contains(".SS " + ManualPage.escape("gallerygen " + command.usage[0])))
        for option in command.allOptions {
            #expect(command.help.contains("--\(option.name)"), "\(name) --help lacks --\(option.name)")
            #expect(manual.contains(ManualPage.escape("--\(option.name)")), "man page lacks \(name) --\(option.name)")
            for (shell, script) in zip(["bash", "zsh", "fish"], scripts) {
                // fish names long options without their dashes (`-l name`); bash and zsh with them.
                let word = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
                #expect(script.contains(word), "\(shell) completions lack \(name) --\(option.name)")
                if let short = option.short {
                    let shortWord = shell == "fish" ? "-s \(short)" : "-\(short)"
                    #expect(script.contains(shortWord), "\(shell) completions lack \(name) -\(short)")
                }
            }
        }
        for shell in ["bash", "zsh", "fish"] {
            #expect(CompletionsCommand.script(for: shell)!.contains(name), "\(shell) completions lack the command \(name)")
        }
    }

    @Test func unknownShellIsRefused() {
        #expect(CompletionsCommand.script(for: "tcsh") == nil)
    }
}
