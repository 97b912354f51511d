import Foundation
import Mustache
import Testing

/// Runs the official Mustache spec (github.com/mustache/spec), one test case per spec example.
/// Lambdas and dynamic names are optional modules the engine does not implement.
struct MustacheSpecTests {
    @Test(arguments: SpecExample.examples(in: "comments.json"))
    func comments(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "delimiters.json"))
    func delimiters(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "interpolation.json"))
    func interpolation(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "inverted.json"))
    func inverted(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "partials.json"))
    func partials(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "sections.json"))
    func sections(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: SpecExample.examples(in: "~inheritance.json"))
    func inheritance(_ example: SpecExample) throws { try example.check() }

    @Test(arguments: ["comments.json", "delimiters.json", "interpolation.json", "inverted.json",
                      "partials.json", "sections.json", "~inheritance.json"])
    func specFileLoads(_ file: String) throws {
        #expect(try !SpecExample.load(file).isEmpty)
    }
}

/// One example from a spec file: a template, its data and partials, and the expected output.
struct SpecExample: Decodable, Sendable, CustomTestStringConvertible {
    var file = ""
    let name: String
    let desc: String
    let data: JSONValue
    let template: String
    let partials: [String: String]?
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    private enum CodingKeys: String, CodingKey {
        case name, desc, data, template, partials, expected
    }

    func check() throws {
        let library = try TemplateLibrary(sources: partials ?? [:])
        let output = try Template(source: template, name: name).render(data.mustacheValue, partials: library)
        #expect(output == expected, "\(desc)\ntemplate: \(template.debugDescription)")
    }

    static func load(_ file: String) throws -> [SpecExample] {
        struct SpecFile: Decodable { let tests: [SpecExample] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Spec/\(file)")
        let examples = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url)).tests
        return examples.map { example in
            var example = example
            example.file = file
            return example
        }
    }

    /// Test arguments cannot throw here; `specFileLoads` reports a file that fails to load.
    static func examples(in file: String) -> [SpecExample] {
        (try? load(file)) ?? []
    }
}

/// Spec data as decoded from JSON, converted to the engine's value type.
enum JSONValue: Decodable, Sendable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var mustacheValue: MustacheValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(\.mustacheValue))
        case .object(let values): .dictionary(values.mapValues(\.mustacheValue))
        }
    }
}
