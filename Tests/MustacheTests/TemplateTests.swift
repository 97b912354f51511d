import Mustache
import Testing

struct TemplateTests {
    // MARK: Parse errors

    @Test func unclosedSectionReportsItsOpeningTag() {
        let error = parseError("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n", name: "list.mustache")
        #expect(error?.templateName == "list.mustache")
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.message.contains("never closed") == true)
    }

    @Test func mismatchedClosingTagReportsTheClosingTag() {
        let error = parseError("{{#a}}\n x {{/b}}")
        #expect(error?.line == 2)
        #expect(error?.column == 4)
        #expect(error?.message.contains("does not match") == true)
    }

    @Test func closingTagWithoutOpeningIsAnError() {
        let error = parseError("text {{/a}}")
        #expect(error?.line == 1)
        #expect(error?.column == 6)
    }

    @Test func unclosedTagReportsWhereItStarts() {
        let error = parseError("Hello,\ndear {{name")
        #expect(error?.line == 2)
        #expect(error?.column == 6)
        #expect(error?.message.contains("unclosed tag") == true)
    }

    @Test(arguments: ["{{=<%>=}}", "{{=a b c=}}", "{{= =}}", "{{=<% =%>=}}"])
    func invalidSetDelimitersAreAnError(_ tag: String) {
        let error = parseError("line\n  " + tag)
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.message.contains("set delimiters") == true)
    }

    @Test func unclosedParentAndBlockAreErrors() {
        #expect(parseError("{{<layout}}{{$title}}x{{/title}}")?.message.contains("parent 'layout'") == true)
        #expect(parseError("{{$title}}x")?.message.contains("block 'title'") == true)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = parseError("é ü {{#a}}")
        #expect(error?.column == 5)
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        let error = TemplateError(templateName: "page.mustache", line: 3, column: 7, message: "oops")
        #expect(error.description == "page.mustache:3:7: error: oops")
    }

    @Test func libraryNamesTheTemplateThatFailsToParse() {
        #expect(throws: TemplateError.self) { try TemplateLibrary(sources: ["good": "ok", "bad": "{{#x}}"]) }
        do {
            _ = try TemplateLibrary(sources: ["bad": "{{#x}}"])
        } catch {
            #expect(error.templateName == "bad")
        }
    }

    // MARK: Partials

    /// A library finds a partial by the number of its name (`MustacheKey`) as by its name: a
    /// name seen first in a template or first in the library, one that is also a variable's, one
    /// missing, and after the library's templates change.
    @Test func aLibraryFindsPartialsByTheirNamesNumbers() throws {
        let page = try Template(source: "{{>page-first-partial}}|{{>title}}|{{<layout}}{{$b}}B{{/b}}{{/layout}}|{{>gone}}|{{title}}",
                                name: "page")
        var library = try TemplateLibrary(sources: ["page-first-partial": "1{{title}}", "title": "2", "layout": "<{{$b}}{{/b}}>",
                                                    "library-first-partial": "4"])
        #expect(try page.render(["title": "T"], partials: library) == "1T|2|<B>||T")
        let later = try Template(source: "{{>library-first-partial}}{{>page-first-partial}}", name: "later")
        #expect(try later.render(["title": "T"], partials: library) == "41T")
        library.templates["gone"] = try Template(source: "3", name: "gone")
        library.templates["title"] = nil
        #expect(try page.render(["title": "T"], partials: library) == "1T||<B>|3|T")
    }

    @Test func missingPartialRendersEmptyByDefault() throws {
        let template = try Template(source: "[{{>nowhere}}]", name: "page")
        #expect(try template.render([:]) == "[]")
    }

    @Test func missingPartialIsReportedAtItsTagWhenAsked() throws {
        let template = try Template(source: "<main>\n  <p>{{>footer}}</p>\n</main>", name: "page.mustache")
        let options = RenderOptions(missingPartialIsError: true)
        do {
            _ = try template.render([:], options: options)
            Issue.record("expected an error")
        } catch {
            #expect(error.templateName == "page.mustache")
            #expect(error.line == 2)
            #expect(error.column == 6)
            #expect(error.message.contains("footer"))
        }
    }

    @Test func missingParentIsReportedInTheTemplateThatNamesIt() throws {
        let library = try TemplateLibrary(sources: ["page": "\n{{<layout}}{{$title}}T{{/title}}{{/layout}}"])
        let template = try Template(source: "{{>page}}", name: "root")
        do {
            _ = try template.render([:], partials: library, options: RenderOptions(missingPartialIsError: true))
            Issue.record("expected an error")
        } catch {
            #expect(error.templateName == "page")
            #expect(error.line == 2)
            #expect(error.column == 1)
            #expect(error.message.contains("layout"))
        }
    }

    @Test func unconditionalSelfInclusionStopsWithAnError() throws {
        let library = try TemplateLibrary(sources: ["loop": "x{{>loop}}"])
        let template = try Template(source: "{{>loop}}", name: "root")
        #expect {
            try template.render([:], partials: library)
        } throws: { error in
            (error as? TemplateError)?.message.contains("partial recursion too deep") == true
        }
    }

    @Test func selfOverridingBlockStopsWithAnError() throws {
        let library = try TemplateLibrary(sources: ["parent": "{{$a}}{{/a}}"])
        let template = try Template(source: "{{<parent}}{{$a}}{{$a}}{{/a}}{{/a}}{{/parent}}", name: "root")
        #expect(throws: TemplateError.self) { try template.render([:], partials: library) }
    }

    @Test func recursionThatEndsIsAllowedUpToTheLimit() throws {
        var tree: MustacheValue = ["name": "leaf", "children": []]
        for level in 0..<90 {
            tree = ["name": .string("n\(level)"), "children": [tree]]
        }
        let library = try TemplateLibrary(sources: ["node": "{{name}}{{#children}}/{{>node}}{{/children}}"])
        let output = try Template(source: "{{>node}}", name: "root").render(tree, partials: library)
        #expect(output.hasPrefix("n89/n88/"))
        #expect(output.hasSuffix("/n0/leaf"))
    }

    // MARK: Rendering

    @Test func customEscapeReplacesHTMLEscaping() throws {
        let template = try Template(source: "{{a}} {{{a}}} {{&a}}", name: "t")
        let options = RenderOptions(escape: { $0.uppercased() })
        #expect(try template.render(["a": "<b>"], options: options) == "<B> <b> <b>")
    }

    @Test func layoutBlocksAreReindentedAtTheirSite() throws {
        let library = try TemplateLibrary(sources: [
            "base": "<html>\n  <body>\n    {{$content}}\n    <p>Nothing here.</p>\n    {{/content}}\n  </body>\n</html>\n",
        ])
        let page = try Template(
            source: "{{<base}}\n{{$content}}\n<h1>{{title}}</h1>\n<p>Hi</p>\n{{/content}}\n{{/base}}\n",
            name: "page"
        )
        let expected = "<html>\n  <body>\n    <h1>Dinner</h1>\n    <p>Hi</p>\n  </body>\n</html>\n"
        #expect(try page.render(["title": "Dinner"], partials: library) == expected)
        let bare = try Template(source: "{{<base}}{{/base}}", name: "bare")
        #expect(try bare.render([:], partials: library).contains("\n    <p>Nothing here.</p>\n  </body>"))
    }

    @Test func standalonePartialsIndentEveryLineButNotInterpolatedText() throws {
        let library = try TemplateLibrary(sources: ["item": "<li>\n  {{{html}}}\n</li>\n"])
        let template = try Template(source: "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n", name: "list")
        let output = try template.render(["items": [["html": "a\nb"], ["html": "c"]]], partials: library)
        #expect(output == "<ul>\n  <li>\n    a\nb\n  </li>\n  <li>\n    c\n  </li>\n</ul>\n")
    }

    @Test func aTemplateRendersManyTimesWithDifferentData() throws {
        let template = try Template(source: "{{#pages}}{{title}};{{/pages}}", name: "t")
        #expect(try template.render(["pages": [["title": "a"], ["title": "b"]]]) == "a;b;")
        #expect(try template.render(["pages": []]) == "")
    }

    private func parseError(_ source: String, name: String = "test") -> TemplateError? {
        do {
            _ = try Template(source: source, name: name)
            return nil
        } catch {
            return error
        }
    }
}

struct TemplateWorkBudgetTests {
    /// 31 partials each calling the next twice stay 31 deep (under the depth guard) but make 2³¹
    /// calls: the work budget (5 million steps by default, a few seconds at most) stops them with an
    /// error naming the template. No wall-clock bound: the suite runs beside others on shared cores.
    @Test func partialsCallingTheNextTwiceStopWithAnError() throws {
        #expect(RenderOptions().workLimit == 5_000_000)
        let library = try TemporaryLibrary.doubling(levels: 31)
        let template = try Template(source: "start\n{{>p0}}", name: "page.mustache")
        do {
            _ = try template.renderUTF8([:], partials: library)
            Issue.record("rendered 2³¹ partial calls without an error")
        } catch {
            #expect(error.message.contains("takes too much work"), "\(error)")
            #expect(error.templateName.hasPrefix("p"))
            #expect(error.description.contains(": error: rendering takes too much work"))
        }
    }

    @Test func theWorkLimitCanBeLowered() throws {
        let library = try TemporaryLibrary.doubling(levels: 20)
        let template = try Template(source: "{{>p0}}", name: "page")
        #expect(throws: TemplateError.self) { try template.renderUTF8([:], partials: library, options: RenderOptions(workLimit: 10_000)) }
        // 2¹⁰ leaves are well within the default.
        #expect(try Template(source: "{{>p10}}", name: "page").renderUTF8([:], partials: library).count == 1 << 10)
    }
}

enum TemporaryLibrary {
    /// Partials p0 … p(levels − 1), each calling the next twice, and p(levels) writing "x".
    static func doubling(levels: Int) throws -> TemplateLibrary {
        var sources: [String: String] = ["p\(levels)": "x"]
        for level in 0..<levels { sources["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        return try TemplateLibrary(sources: sources)
    }
}
