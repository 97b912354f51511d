import Foundation
import GalleryTestSupport
import Testing
@testable import GalleryContent

/// The plain front matter reader gives the nodes libyaml's events give, positions included, or
/// steps aside: compared on every front matter and YAML file of the fixtures and the sample site,
/// on hand-written corners, and on edits of them at every position.
@Suite struct PlainYAMLTests {
    /// The YAML texts of the repository: front matter blocks (between the `---` lines) and YAML files.
    static let texts: [String] = {
        var texts: [String] = []
        for folder in [Repository.fixtures, Repository.root.appendingPathComponent("Site")] {
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let name as String in files {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
                if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                    texts.append(text)
                } else if name.hasSuffix(".md"), text.hasPrefix("---\n"), let close = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) {
                    texts.append(String(text[text.index(text.startIndex, offsetBy: 4)..<close.lowerBound]))
                }
            }
        }
        return texts
    }()

    /// Corners of the plain shape and just outside it.
    static let corners = [
        "title: Gin Sour\ntags: [gin, sour]\ningredients:\n  - 50 ml gin\n  - 25 ml lemon juice\nyield: 1 drink",
        "title: \"Coupe\"\nglass: 'it''s'\ndraft:\nweight: 3\n", "a:\n- x\n- y\nb: z", "a:   \nb: # note\nc: d # note",
        "# first\ntitle: x\n\n# between\ntags: []\n", "a: [ x , y z ]\nb: [x]#c", "a: b#c\nd: e #f", "a: x\n  y", "a: x\n  # c\n",
        "a:\n  - x\n   - y", "a:\n  - x\n - y", "a:\n  - x\n- y", "a:\n  - x\n  y", "a:\n\n  - x\n\n  - y\n\nb: c", "a: b: c", "a: b:",
        "a: 'x' y", "a: \"x\\ty\"", "a: [x,]", "a: [x,,y]", "a: [\"x\"]", "a: [x", "a: &x y", "a: *x", "a: !tag y", "a: |\n  x",
        "a: >\n  x", "- x", "x", "a:b", "a :b", "a: -1", "a: ~\nb: null\nc: true\nd: 2.5", "key-with-dash: 1\n_under: 2\nA9: 3",
        "a: x\n---\nb: y", "a: x\n...\n", "%YAML 1.1\n---\na: b", "a: é", "a: x\tb", "a: x\r\nb: y", "  a: b", "a:\n  b: c",
        "a: x\n# c\n  - y", "a:\n  - x\n# c\n  - y", "a:\n  - x # c\n  - 'y' # d\n", "a: []  # none", "a: [ ]", "a: \"\"\nb: ''",
        "a: \" padded \"", "a: x\n\n\n", "\n\na: x", "a: x\nb:\n", "a: \"x\" #c", "a: 'x'#c", "a: [x] y", "a: x  ", "a: ? x", "a: @x",
    ]

    private func compare(_ text: String, lineOffset: Int = 1) -> (handled: Bool, agrees: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty, let plain = PlainYAML.read(bytes, lineOffset: lineOffset) else { return (false, true) }
            let libyaml = Result { () throws(YAMLError) in try YAMLParser.parseWithLibyaml(bytes, lineOffset: lineOffset) }
            guard case .success(let expected) = libyaml else { return (true, false) }
            return (true, expected == plain)
        }
    }

    @Test func theRepositorysYAMLReadsAsLibyamlReadsIt() {
        var handled = 0
        for text in Self.texts + Self.corners {
            let (wasHandled, agrees) = compare(text)
            #expect(agrees, "\(text.debugDescription)")
            if wasHandled { handled += 1 }
        }
        // Most front matter is of the plain shape: the comparison is not of nothing.
        #expect(handled > Self.texts.count / 3)
    }

    @Test func editsAtEveryPositionReadAsLibyamlReadsThemOrAreLeftToIt() {
        let insertions = [" ", ":", "-", "#", "\"", "'", "\n", "[", "]", ",", "\n  ", "- ", ": ", " #", "\n- ", "~", "&a "]
        var handled = 0
        var compared = 0
        for (number, text) in (Self.texts.filter { $0.utf8.count < 1_500 } + Self.corners).enumerated() {
            let bytes = Array(text.utf8)
            for position in 0...bytes.count {
                // One edit per position, a different one at each: deleting the byte there, or inserting.
                let choice = (position * 7 + number) % (insertions.count + 1)
                var edited = bytes
                if choice == insertions.count {
                    guard position < bytes.count else { continue }
                    edited.remove(at: position)
                } else {
                    edited.insert(contentsOf: Array(insertions[choice].utf8), at: position)
                }
                let (wasHandled, agrees) = compare(String(decoding: edited, as: UTF8.self), lineOffset: number % 3)
                #expect(agrees, "\(String(decoding: edited, as: UTF8.self).debugDescription)")
                compared += 1
                if wasHandled { handled += 1 }
            }
        }
        #expect(compared > 10_000)
        #expect(handled > compared / 10)
    }

    @Test func aBenchRecipesFrontMatterIsReadWithoutLibyaml() throws {
        let text = """
            title: Bitter Anchor No. 684
            summary: Stir bright evening old served history short cold strain strain glass juice.
            tags: [brandy]
            glass: "Coupe"
            ingredients:
              - 20 ml dark rum
              - Mint sprig, to garnish
            yield: 1 drink
            prep_time: 2 min
            date: 2022-10-25
            """
        var copy = text
        let node = copy.withUTF8 { PlainYAML.read($0, lineOffset: 1) }
        let root = try #require(node ?? nil)
        #expect(root.mapping?.count == 8)
        #expect(root.mapping?[4].value.sequence?[1] == YAMLNode(kind: .scalar("Mint sprig, to garnish", isPlain: true), line: 8, column: 5))
        #expect(compare(text).agrees)
    }
}
