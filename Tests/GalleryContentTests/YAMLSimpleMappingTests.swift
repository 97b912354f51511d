import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
import GalleryLayout

/// The front matter read without libyaml (`YAMLSimpleMapping`) is what libyaml's events make of
/// it, event for event (kind, line, column, extent) and byte for byte; and what it does not read
/// is left to libyaml whole.
@Suite struct YAMLSimpleMappingTests {
    /// Both readings of `yaml`: the simple one (nil when it leaves the text to libyaml) and
    /// libyaml's (nil when it finds an error).
    func readings(_ yaml: String, lineOffset: Int = 1) -> (simple: YAMLDocument?, libyaml: YAMLDocument?) {
        var yaml = yaml
        return yaml.withUTF8 { bytes in
            (YAMLSimpleMapping.document(bytes, lineOffset: lineOffset), try? YAMLParser.libyamlDocument(bytes, lineOffset: lineOffset))
        }
    }

    /// Records an issue when the simple reading of `yaml` differs from libyaml's; true when the
    /// simple reading took it.
    @discardableResult
    func checkAlike(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (simple, libyaml) = readings(yaml)
        guard let simple else { return false }
        guard let libyaml else {
            Issue.record("read simply, but libyaml refuses it: \(yaml.debugDescription)", sourceLocation: sourceLocation)
            return true
        }
        if simple.events != libyaml.events || simple.text != libyaml.text {
            Issue.record("""
                read otherwise than libyaml: \(yaml.debugDescription)
                simple:  \(simple.events) \(String(decoding: simple.text, as: UTF8.self).debugDescription)
                libyaml: \(libyaml.events) \(String(decoding: libyaml.text, as: UTF8.self).debugDescription)
                """, sourceLocation: sourceLocation)
        }
        return true
    }

    /// The YAML between a file's `---` lines, as `FrontMatter` hands it on; nil without one.
    static func frontMatter(of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "---", let close = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "..." }) else { return nil }
        return lines[1..<close].joined(separator: "\n")
    }

    @Test func theSimpleFormsReadAsLibyamlReadsThem() {
        let taken = [
            "title: Negroni",
            "title: Negroni\nsummary: Equal parts, stirred.  Two  spaces kept.   ",
            "tags: [bitter, stirred, classic]",
            "tags: [ bitter ,stirred , two words ]",
            "tags: []",
            "glass: \"Coupe\"",
            "glass: 'Rocks: a # inside'",
            "glass: \"\"",
            "ingredients:\n  - 30 ml gin\n  - 30 ml Campari\nyield: 1 drink",
            "ingredients:\n- 30 ml gin\n- \"quoted: item\"\nyield: 1",
            "ingredients:\n    -   spaced out\n\n    - after a blank line",
            "\n# a comment first\n\ntitle: After\n# between\nsummary: ok",
            "title: Café brûlot\ntags: [café, crème brûlée, naïve]\nsummary: Über — “quoted” ½ oz",
            "time: 10:30\nratio: 2:1\nurl: http://example.com/a#b\nnote: a#b and a:b-less",
            "prep_time: 2 min\ndate: 2022-10-25\nimage_alt: A glass, with ice.",
            "key:\n  - one\nlast:\n  - two",
            "a-b: c\nA_B9: \u{00A0}nbsp first",
            // Comments after values and on lines of their own, as the starter site writes them.
            "title: a # comment: with a colon",
            "category: Hot drink       # without it, a \"Drink\"",
            "glass: \"Coupe\"  # quoted, then a comment",
            "tags: [a, b] # comment",
            "servings: 4#not a comment",
            "key:   # a list follows\n  - x # one\n  # between\n# at the start\n  - 'y' # two\nlast: z",
            "  # indented comment first\ntitle: a\n    \nsummary: b",
        ]
        for yaml in taken {
            #expect(checkAlike(yaml), "left to libyaml: \(yaml.debugDescription)")
        }
    }

    @Test func otherFormsAreLeftToLibyaml() {
        let left = [
            "",
            "\n\n",
            "# only a comment",
            "title: a: b",
            "title: ends with a colon:",
            "title: first line\n  continued",
            "title: \"escaped \\\" quote\"",
            "title: 'doubled '' quote'",
            "title: \"closed\" then more",
            "title: &anchor value",
            "title: *alias",
            "title: !tag value",
            "title: |\n  block",
            "title: >\n  folded",
            "title: -5",
            "title: ?x",
            "title:\ttab",
            "title: a\u{2028}b",
            "title: a\u{85}b",
            "title: a\u{7F}",
            "key:value",
            "  indented: key",
            "\"quoted key\": value",
            "key with space: value",
            "tags: [a, [b]]",
            "tags: [a, b",
            "tags: [a: b]",
            "tags: [\"quoted\"]",
            "tags: [a, ]",
            "tags: [a]# no space before the comment",
            "glass: \"Coupe\"# no space before the comment",
            "tags: [a # comment inside]",
            "tags: {a: b}",
            "empty:",
            "empty:\nnext: value",
            "list:\n  - a\n    - b",
            "list:\n  - a\n   - b",
            "list:\n  - a\n  continued",
            "list:\n  -",
            "list:\n  - a: b",
            "list:\n  - - nested",
            "%YAML 1.1\n---\ntitle: a",
            "---\ntitle: a",
            "title: a\n---\nsecond: document",
        ]
        for yaml in left {
            let (simple, _) = readings(yaml)
            #expect(simple == nil, "read simply: \(yaml.debugDescription)")
        }
    }

    /// Every front matter of the sample site and the test fixtures: the simple reading takes most
    /// of the sample site's recipes (not those with a mapping inside, such as a video), and reads
    /// each it takes as libyaml does.
    @Test func theRepositorysFrontMatterReadsAsLibyamlReadsIt() throws {
        var (files, taken, recipes, recipesTaken) = (0, 0, 0, 0)
        var left: [String] = []
        for folder in [Repository.root.appendingPathComponent("Site"), Repository.fixtures] {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.pathExtension == "md" {
                guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8),
                      let yaml = Self.frontMatter(of: text) else { continue }
                files += 1
                let took = checkAlike(yaml)
                if took { taken += 1 }
                if url.path.contains("/Site/recipes/") {
                    recipes += 1
                    if took { recipesTaken += 1 } else { left.append(url.lastPathComponent) }
                }
            }
        }
        #expect(files > 100)
        #expect(recipes >= 20 && recipesTaken * 10 >= recipes * 8, "\(recipesTaken) of \(recipes) recipes read simply; left: \(left)")
        #expect(taken > 0)
    }

    /// Front matter made of pieces that look alike but read differently (a colon or `#` with or
    /// without a space, quotes, brackets, indentation, characters YAML breaks lines at), in
    /// 20,000 mixes from a fixed seed: each the simple reading takes reads as libyaml reads it.
    @Test func mixedFrontMatterReadsAsLibyamlReadsIt() {
        let keys = ["title", "tags", "a-b", "x_1", "ingredients", "key", "-k", "k k", "\"q\""]
        let values = [
            "plain", "two words", "a:b", "a: b", "a :b", "a #b", "a#b", "ends:", "#start", "-dash", "- dash",
            "\"dq\"", "\"d\\\"q\"", "'sq'", "'s''q'", "'a' b", "[x, y]", "[x,y ]", "[]", "[ ]", "[x, ]", "[x, [y]]",
            "[x: y]", "[x #y]", "[x#y]", "{a: b}", "&a v", "*a", "!t v", "|", ">", "?q", ":c", "%p", "@a", "`b",
            "café", "a\u{00A0}b", "a\u{2028}b", "a\u{0085}b", "a\tb", "10:30", "http://x.y/#z", "  lead", "trail  ", "",
        ]
        let listItems = ["- item", "-   spaced", "- \"dq\"", "- 'sq'", "- a: b", "- a #c", "-", "- - n", "-x", "- [a]", "  continued"]
        let others = ["", "# comment", "  # indented comment", "  indented: x", "...", "---", "\t", "  "]
        var generator = SeededGenerator(seed: 37)
        var taken = 0
        for _ in 0..<20_000 {
            var lines: [String] = []
            for _ in 0..<Int(generator.next() % 5 + 1) {
                switch generator.next() % 10 {
                case 0:
                    lines.append(others[Int(generator.next() % UInt64(others.count))])
                case 1, 2:
                    lines.append(keys[Int(generator.next() % UInt64(keys.count))] + ":")
                    let indentation = String(repeating: " ", count: Int(generator.next() % 4))
                    for _ in 0..<Int(generator.next() % 4) {
                        let extra = generator.next() % 8 == 0 ? " " : ""
                        lines.append(indentation + extra + listItems[Int(generator.next() % UInt64(listItems.count))])
                    }
                default:
                    let spaces = generator.next() % 6 == 0 ? "   " : " "
                    lines.append(keys[Int(generator.next() % UInt64(keys.count))] + ":" + spaces
                                 + values[Int(generator.next() % UInt64(values.count))])
                }
            }
            if checkAlike(lines.joined(separator: "\n")) { taken += 1 }
        }
        // The mixes are mostly of forms left to libyaml; enough are taken to test the reading.
        #expect(taken > 1_000, "\(taken) mixes read simply")
    }

    /// Lines and columns are libyaml's: in the file's numbering (`lineOffset`), columns counted
    /// in characters.
    @Test func linesAndColumnsAreLibyamls() throws {
        let (simple, _) = readings("\ntags: [é, ü]\nlist:\n  - x", lineOffset: 4)
        let document = try #require(simple)
        #expect(document.events.map { [$0.line, $0.column] } == [[6, 1], [6, 1], [6, 7], [6, 8], [6, 11], [7, 1], [8, 3], [8, 5]])
    }
}
