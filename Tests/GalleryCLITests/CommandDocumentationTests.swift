import Foundation
import GalleryTestSupport
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

/// Each completion script is valid in its shell and completes a command, an option and a value
/// when the shell itself runs it (bash, zsh and fish come from `make test-deps`).
@Suite struct CompletionScriptTests {
    func shell(_ path: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record("\(path) is missing: run 'make test-deps' (it installs bash, zsh and fish)")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        // A home of its own: fish writes ~/.config/fish and ~/.local/share/fish on its first run.
        let home = try TemporaryDirectory()
        defer { home.remove() }
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path + "/.config",
                               "XDG_DATA_HOME": home.url.path + "/.local/share"]
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        let script = try #require(CompletionsCommand.script(for: "bash"))
        let probe = script + """

            COMP_WORDS=(gallerygen bu); COMP_CWORD=1; _gallerygen; echo "1:${COMPREPLY[*]}"
            COMP_WORDS=(gallerygen build --dr); COMP_CWORD=2; _gallerygen; echo "2:${COMPREPLY[*]}"
            COMP_WORDS=(gallerygen build --format ""); COMP_CWORD=3; _gallerygen; echo "3:${COMPREPLY[*]}"
            """
        let (status, output) = try shell("/bin/bash", ["-c", probe])
        #expect(status == 0, "\(output)")
        #expect(output.contains("1:build"))
        #expect(output.contains("2:--drafts"))
        #expect(output.contains("3:text json"))
    }

    @Test func zshAndFishParseTheirScripts() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("_gallerygen", try #require(CompletionsCommand.script(for: "zsh")))
        try folder.write("gallerygen.fish", try #require(CompletionsCommand.script(for: "fish")))
        let zsh = try shell("/usr/bin/zsh", ["-n", folder.url.appendingPathComponent("_gallerygen").path])
        #expect(zsh.status == 0, "zsh: \(zsh.output)")
        let fishParse = try shell("/usr/bin/fish", ["--no-execute", folder.url.appendingPathComponent("gallerygen.fish").path])
        #expect(fishParse.status == 0, "fish: \(fishParse.output)")
        // fish completes from the loaded script: the build command's options.
        let fish = try shell("/usr/bin/fish", ["-c", "source \(folder.url.appendingPathComponent("gallerygen.fish").path); complete -C 'gallerygen build --dr'"])
        #expect(fish.output.contains("--drafts"), "fish: \(fish.output)")
        let fishCommands = try shell("/usr/bin/fish", ["-c", "source \(folder.url.appendingPathComponent("gallerygen.fish").path); complete -C 'gallerygen se'"])
        #expect(fishCommands.output.contains("serve"), "fish: \(fishCommands.output)")
    }
}
