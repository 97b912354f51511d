import Testing
@testable import GalleryContent
@testable import GalleryRender
import Mustache

/// The A–Z pages name each recipe's letter from the order made once per build (`RecipeIndex`):
/// their letters, groups and page ranges are those of each recipe's title, letter by letter.
@Suite struct RecipeIndexPageTests {
    /// Titles whose letters come back after others (`#` for a sign before and after the digits
    /// and letters), accented, in both cases, with leading spaces.
    static let titles = ["Zombie", "¡Salud!", "  apple toddy", "Él Presidente", "2 Step", "americano", "Ëgg nog",
                         "(Paper) plane", "Bee's knees", "~Tilde", "Boulevardier", "élixir", "4th Street", "Zaza"]

    var renderer: PageRenderer {
        let recipes = Self.titles.enumerated().map { number, title in
            Recipe(slug: "r\(number)", title: title, sourcePath: "recipes/r\(number).md")
        }
        var plan = PagePlan(site: Site(config: SiteConfig(), recipes: recipes, images: [:]), theme: Theme(templates: [:], assets: [:]))
        plan.recipesPerIndexPage = 3
        return PageRenderer(plan: plan)
    }

    /// Each recipe's letter is its own title's (`RecipeIndexPage.letter(of:)`), found in the runs
    /// of the order, and the runs are the order cut where the letter changes.
    @Test func eachRecipesLetterIsItsTitlesAndRunsCutTheOrderWhereTheLetterChanges() {
        let renderer = renderer
        let index = renderer.recipeIndex
        let letters = index.order.map { RecipeIndexPage.letter(of: Self.titles[$0]) }
        #expect(index.order.indices.map(index.letter(at:)) == letters)
        var runs: [(Int, String)] = []
        for (position, letter) in letters.enumerated() where runs.last?.1 != letter { runs.append((position, letter)) }
        #expect(index.runs.map(\.start) == runs.map(\.0) && index.runs.map(\.letter) == runs.map(\.1))
        // `#` heads more than one run: the signs sort apart.
        #expect(index.runs.filter { $0.letter == "#" }.count > 1)
        #expect(RecipeIndexPage.order(renderer.site.recipes) == index.order)
    }

    /// Every page lists its three recipes grouped by consecutive letter, each group with the id of
    /// its letter's first heading; the letters link to the page where each first appears; the
    /// pagination names each page's first and last letters.
    @Test func pagesGroupTheirRecipesByLetterAndLinkEachLettersFirstHeading() throws {
        let renderer = renderer
        let order = renderer.recipeIndexOrder
        let letters = order.map { RecipeIndexPage.letter(of: Self.titles[$0]) }
        var firstPlace: [String: Int] = [:]
        var ids: [String: String] = [:]
        var firstLetters: [String] = []
        for (position, letter) in letters.enumerated() where firstPlace[letter] == nil {
            firstPlace[letter] = position
            firstLetters.append(letter)
            ids[letter] = "letter-\(ids.count + 1)"
        }
        let pageCount = (order.count + 2) / 3
        for page in 0..<pageCount {
            guard case .dictionary(let context) = renderer.recipeIndexContext(page: page) else {
                Issue.record("not a dictionary")
                return
            }
            // Groups: the page's recipes cut where the letter changes.
            var expected: [MustacheValue] = []
            var current: (letter: String, titles: [MustacheValue])?
            for position in page * 3..<min(order.count, page * 3 + 3) {
                if current?.letter != letters[position] {
                    if let current { expected.append(["letter": .string(current.letter), "id": .string(ids[current.letter]!), "titles": .array(current.titles)]) }
                    current = (letters[position], [])
                }
                current!.titles.append(.string(Self.titles[order[position]]))
            }
            if let current { expected.append(["letter": .string(current.letter), "id": .string(ids[current.letter]!), "titles": .array(current.titles)]) }
            guard case .array(let groups)? = context["groups"] else {
                Issue.record("no groups")
                return
            }
            let made: [MustacheValue] = groups.map { group in
                guard case .dictionary(let fields) = group, case .array(let links)? = fields["recipes"] else { return .null }
                return ["letter": fields["letter"] ?? .null, "id": fields["id"] ?? .null,
                        "titles": .array(links.map { link in
                            guard case .object(let reference) = link else { return .null }
                            return reference.object.value(forKey: "title") ?? .null
                        })]
            }
            #expect(made == expected, "page \(page + 1)")
            // Letters: each once, in order, linking to its first heading, on this page or another.
            let root = URLPath.root(from: RecipeIndexPage.path(page: page + 1))
            let links: [MustacheValue] = firstLetters.map { letter in
                let onPage = firstPlace[letter]! / 3
                let page = onPage == page ? "" : URLPath.link(to: RecipeIndexPage.path(page: onPage + 1), root: root)
                return ["letter": .string(letter), "url": .string(page + "#" + ids[letter]!)]
            }
            #expect(context["letters"] == .array(links), "page \(page + 1)")
            // Pagination: each page's first and last letters.
            guard case .dictionary(let pagination)? = context["pagination"], case .array(let pages)? = pagination["pages"] else {
                Issue.record("no pagination")
                return
            }
            let ranges = (0..<pageCount).map { number -> MustacheValue in
                let (first, last) = (letters[number * 3], letters[min(order.count, number * 3 + 3) - 1])
                return .string(first == last ? first : "\(first)–\(last)")
            }
            #expect(pages.map { page -> MustacheValue in
                guard case .dictionary(let fields) = page else { return .null }
                return fields["range"] ?? .null
            } == ranges)
        }
    }
}
