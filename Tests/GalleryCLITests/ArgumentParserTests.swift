import Testing
@testable import GalleryCLI

/// Short options as getopt users type them: values attached (`-j1`, `-p8080`, `-sSite`) or
/// apart, after flags in one group (`-Dqj4`).
@Suite struct ArgumentParserTests {
    let table: [OptionSpec] = [.site, .output, .drafts, .quiet, .jobs,
                               OptionSpec(name: "port", short: "p", value: "N", kind: .number, help: "")]

    func parse(_ arguments: [String]) throws -> ArgumentParser {
        try ArgumentParser(arguments, options: table)
    }

    @Test func shortOptionsTakeAttachedValues() throws {
        let parsed = try parse(["-j1", "-p8080", "-sSite", "-o=out"])
        #expect(parsed.options == ["jobs": "1", "port": "8080", "site": "Site", "output": "out"])
        #expect(try parse(["-j", "2"]).options["jobs"] == "2")
        #expect(try parse(["-dpublic"]).options["output"] == "public", "a short alias takes its value attached too")
    }

    @Test func flagsGroupBeforeAnOptionWithItsValue() throws {
        let attached = try parse(["-Dqj4"])
        #expect(attached.flags == ["drafts", "quiet"])
        #expect(attached.options["jobs"] == "4")
        let apart = try parse(["-Dqs", "bar", "extra"])
        #expect(apart.options["site"] == "bar")
        #expect(apart.positionals == ["extra"])
        // The value is the rest of the argument, letters and all, as getopt reads it.
        #expect(try parse(["-sDq"]).options["site"] == "Dq")
    }

    @Test func aMissingValueOrAnUnknownLetterIsAUsageError() throws {
        #expect(throws: ArgumentParser.UsageError.self) { try parse(["-j"]) }
        #expect(throws: ArgumentParser.UsageError.self) { try parse(["-Dx"]) }
        let error = #expect(throws: ArgumentParser.UsageError.self) { try parse(["-qj"]) }
        #expect(error?.message == "option '-j' needs a value")
        // A negative number is an argument, not options.
        #expect(try parse(["-5"]).positionals == ["-5"])
    }
}
