import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// schema.org `Recipe` JSON-LD for a recipe page (DESIGN §6), in the shape Google's recipe rich
/// results document: `name` and `image` required; description, ingredients, steps, times, yield,
/// category, keywords, date and author recommended and written whenever the recipe has them.
package struct RecipeStructuredData: Sendable {
    package var recipe: Recipe
    package var config: SiteConfig
    /// The page's absolute address; nil when site.yml has no `base_url`.
    package var pageURL: String?
    /// The pictures: the image pipeline's crops (16:9, 4:3, 1:1) when there are any, else the image.
    package var imageURLs: [String]
    /// The method: the items of the body's first ordered list, one `HowToStep` each.
    package var steps: [String]
    /// The method's headed parts (`HowToSection`s) when it has them; they replace `steps`.
    package var sections: [Markdown.MethodSection]
    /// Who made the picture: each picture becomes an `ImageObject` with `creditText` and `copyrightNotice`.
    package var imageCredit: ImageCredit?

    package init(recipe: Recipe, config: SiteConfig, pageURL: String?, imageURLs: [String], steps: [String],
                 sections: [Markdown.MethodSection] = [], imageCredit: ImageCredit? = nil) {
        self.imageCredit = imageCredit
        self.recipe = recipe
        self.config = config
        self.pageURL = pageURL
        self.imageURLs = imageURLs
        self.steps = steps
        self.sections = sections
    }

    /// Writes the JSON-LD object, its members in sorted key order (`JSONWriter`), as a tree of
    /// `JSONValue`s of the same members would be written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.fixed(#""@context":"https://schema.org","@type":"Recipe""#)
        if let name = recipe.author ?? config.author {
            // The site's author is the name the site publishes under (a bar, a blog), so it is an
            // `Organization`; anyone else a recipe names is a `Person`.
            json.object("author") { author in
                author.fixed(name == config.author ? #""@type":"Organization""# : #""@type":"Person""#)
                author.member("name", name)
            }
        }
        json.member("cookTime", recipe.cookTime)
        json.member("datePublished", recipe.date?.iso8601)
        json.member("description", recipe.summary)
        writeImages(to: &json)
        json.member("isBasedOn", isBasedOn)
        writeKeywords(to: &json)
        json.member("name", recipe.title)
        if !recipe.nutrition.isEmpty {
            json.member("nutrition", .object(Dictionary(uniqueKeysWithValues: recipe.nutrition.map { ($0.property, JSONValue.string($0.value)) })
                .merging(["@type": "NutritionInformation"]) { first, _ in first }))
        }
        json.member("prepTime", recipe.prepTime)
        json.member("recipeCategory", Self.category(of: recipe, config: config))
        json.member("recipeCuisine", recipe.cuisine)
        let ingredients = recipe.ingredients
        if !ingredients.isEmpty {
            json.array("recipeIngredient") { json in
                for ingredient in ingredients { json.string(Markdown.inlinePlainText(ingredient)) }
            }
        }
        writeInstructions(to: &json)
        writeYield(to: &json)
        if !recipe.suitableForDiet.isEmpty {
            json.array("suitableForDiet") { json in
                for diet in recipe.suitableForDiet { json.string("https://schema.org/" + diet) }
            }
        }
        if !recipe.equipment.isEmpty {
            json.array("tool") { json in
                for tool in recipe.equipment {
                    json.object { json in
                        json.fixed(#""@type":"HowToTool""#)
                        json.member("name", tool)
                    }
                }
            }
        }
        json.member("totalTime", totalTime)
        json.member("url", pageURL)
        json.member("video", video)
        json.endObject()
    }

    /// The total time as written, else the preparation and cooking times added up.
    private var totalTime: RecipeDuration? {
        recipe.totalTime ?? recipe.summedTime
    }

    /// `keywords`: the tags and keywords, each word once whatever its case, joined by `, `; nothing
    /// when there are none. Each word is escaped as it is written: the separator holds no byte
    /// that an escape looks at, so the pieces escape as the joined text would.
    private func writeKeywords(to json: inout JSONWriter) {
        let (tags, others) = (recipe.tags, recipe.keywords)
        guard !tags.isEmpty || !others.isEmpty else { return }
        json.key("keywords")
        let count = tags.count + others.count
        func word(_ index: Int) -> String { index < tags.count ? tags[index] : others[index - tags.count] }
        json.string { json in
            if count <= 16 {
                // A few words (most recipes' tags): each compared with those before it (a word
                // like one before it is like the kept one that one was like). A set of them, or
                // each word lower-cased, cost more.
                for index in 0..<count {
                    let text = word(index)
                    guard !(0..<index).contains(where: { Self.sameFoldingCase(word($0), text) }) else { continue }
                    if index > 0 { json.unescaped(", ") }
                    json.escaped(text)
                }
            } else {
                // A set of those seen, so that a recipe's thousand tags are not each compared with all the others.
                var seen = Set<String>()
                for index in 0..<count where seen.insert(word(index).lowercased()).inserted {
                    if index > 0 { json.unescaped(", ") }
                    json.escaped(word(index))
                }
            }
        }
    }

    /// Whether `a.lowercased() == b.lowercased()`: compared byte by byte when both are ASCII.
    static func sameFoldingCase(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        let ascii: Bool? = a.withUTF8 { a in
            b.withUTF8 { b in
                var any: UInt8 = 0
                for byte in a { any |= byte }
                for byte in b { any |= byte }
                guard any < 0x80 else { return nil }
                guard a.count == b.count else { return false }
                for (x, y) in zip(a, b) where x != y {
                    // Equal apart from case: the same letter, its 0x20 bit apart.
                    guard x ^ y == 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20) else { return false }
                }
                return true
            }
        }
        return ascii ?? (a.lowercased() == b.lowercased())
    }

    /// The method: `HowToSection`s of `HowToStep`s when it has headed parts, else `HowToStep`s.
    /// Each step's `url` is the page's step box (`CookStep`), numbered over the whole method.
    private func writeInstructions(to json: inout JSONWriter) {
        guard !sections.isEmpty || !steps.isEmpty else { return }
        var stepNumber = 0
        // The page's address escaped once for all its steps.
        var address = JSONWriter()
        if let pageURL { address.escaped(pageURL) }
        func writeSteps(_ steps: [String], to json: inout JSONWriter) {
            for text in steps {
                stepNumber += 1
                json.object { json in
                    json.fixed(#""@type":"HowToStep""#)
                    json.member("text", text)
                    guard pageURL != nil else { return }
                    json.key("url")
                    json.string { url in
                        url.unescaped(address)
                        url.unescaped("#")
                        url.unescaped(CookStep.idPrefix)
                        url.decimal(stepNumber)
                    }
                }
            }
        }
        json.array("recipeInstructions") { json in
            if sections.isEmpty {
                writeSteps(steps, to: &json)
            } else {
                for section in sections {
                    json.object { json in
                        json.fixed(#""@type":"HowToSection""#)
                        json.array("itemListElement") { writeSteps(section.steps, to: &$0) }
                        json.member("name", section.name)
                    }
                }
            }
        }
    }

    /// The pictures: URLs, or `ImageObject`s naming who made them when the recipe (or site.yml) credits them.
    private func writeImages(to json: inout JSONWriter) {
        guard !imageURLs.isEmpty else { return }
        json.array("image") { json in
            for url in imageURLs {
                guard let imageCredit else {
                    json.string(url)
                    continue
                }
                json.object { json in
                    json.fixed(#""@type":"ImageObject""#)
                    json.member("acquireLicensePage", imageCredit.url)
                    json.member("contentUrl", url)
                    json.member("copyrightNotice", imageCredit.text)
                    json.member("creditText", imageCredit.text)
                    json.member("url", url)
                }
            }
        }
    }

    /// The text for the page's `<script type="application/ld+json">`.
    package var script: String {
        var json = JSONWriter(capacity: 4096)
        write(to: &json)
        return json.text
    }

    /// The recipe's `category:`; without it site.yml's `recipe_category`, else a recipe served in a
    /// glass is a `Drink` (cocktails and zero-proof alike), and any other recipe takes its first tag.
    package static func category(of recipe: Recipe, config: SiteConfig) -> String? {
        // Whether there is a glass, without copying it out of the recipe's packed text.
        recipe.category ?? config.recipeCategory ?? (recipe.hasGlass ? "Drink" : recipe.tags.first)
    }

    /// `recipeYield`, how many it serves as Google reads it: a bare number is servings, so
    /// `servings: 4` with `yield: 1 pitcher` gives both ("4", "1 pitcher"); else what `servings:`
    /// or `yield:` says.
    private func writeYield(to json: inout JSONWriter) {
        switch (recipe.servings, recipe.yield) {
        case let (servings?, yield?) where servings.unit == nil && yield != servings.description:
            json.array("recipeYield") { json in
                json.string(servings.countText)
                json.string(yield)
            }
        case let (servings?, _): json.member("recipeYield", servings.description)
        case let (nil, yield): json.member("recipeYield", yield)
        }
    }

    /// A `VideoObject`: the file as `contentUrl`, a YouTube or Vimeo player as `embedUrl`.
    private var video: JSONValue {
        guard let video = recipe.video else { return .null }
        let isFile = video.kind == .file
        return .object([
            "@type": "VideoObject",
            "name": .string(video.name ?? recipe.title),
            "description": .string(video.description ?? recipe.summary ?? recipe.title),
            "thumbnailUrl": video.thumbnailURL.map { .array([.string($0)]) } ?? .null,
            "contentUrl": isFile ? .string(video.url) : .null,
            "embedUrl": isFile ? .null : .optional(video.embedURL),
            "uploadDate": .optional(video.uploadDate?.iso8601),
        ])
    }

    /// `source:` as `isBasedOn`: its URL, or a `CreativeWork` when it names a credit.
    private var isBasedOn: JSONValue {
        guard let source = recipe.source else { return .null }
        guard let name = source.name else { return .optional(source.url) }
        return .object(["@type": "CreativeWork", "name": .string(name), "url": .optional(source.url)])
    }
}
