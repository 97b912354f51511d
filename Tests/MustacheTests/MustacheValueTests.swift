import Mustache
import Testing

struct MustacheValueTests {
    @Test(arguments: [
        (MustacheValue.double(1.21), "1.21"),
        (.double(1.0), "1"),
        (.double(-3.0), "-3"),
        (.double(0.1), "0.1"),
        (.int(85), "85"),
        (.int(-7), "-7"),
        (.bool(true), "true"),
        (.null, ""),
        (.string("x"), "x"),
    ])
    func interpolatesScalars(_ value: MustacheValue, _ expected: String) throws {
        #expect(try Template(source: "{{v}}", name: "t").render(["v": value]) == expected)
    }

    @Test(arguments: [MustacheValue.null, false, []])
    func falsyValuesHideSections(_ value: MustacheValue) throws {
        let template = try Template(source: "{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", name: "t")
        #expect(try template.render(["v": value]) == "hidden")
    }

    @Test(arguments: [MustacheValue.string(""), 0, 0.0, true, [:]])
    func otherValuesShowSections(_ value: MustacheValue) throws {
        let template = try Template(source: "{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", name: "t")
        #expect(try template.render(["v": value]) == "shown")
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: MustacheValue = ["a": [1, 2.5, "s", true, nil]]
        #expect(value == .dictionary(["a": .array([.int(1), .double(2.5), .string("s"), .bool(true), .null])]))
    }

    @Test func aLazyArrayRendersAsTheArrayOfItsItemsAndMakesEachWhenReached() throws {
        let template = try Template(source: "{{#v}}<{{name}}>{{/v}}{{^v}}none{{/v}}|{{v}}", name: "t")
        let items: [MustacheValue] = [["name": "a"], ["name": "b & c"], ["name": "d"]]
        let lazy = MustacheLazyArray(count: items.count) { items[$0] }
        #expect(try template.render(["v": .lazyArray(lazy)]) == template.render(["v": .array(items)]))
        #expect(try template.render(["v": .lazyArray(MustacheLazyArray(count: 0) { _ in .null })]) == "none|")
        #expect(MustacheValue.lazyArray(lazy) == .lazyArray(MustacheLazyArray(count: 3) { items[$0] }))
        #expect(MustacheValue.lazyArray(lazy) != .lazyArray(MustacheLazyArray(count: 2) { items[$0] }))
    }
}
