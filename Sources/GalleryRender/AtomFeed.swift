import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// `feed.xml`, an Atom feed (RFC 4287) of the recipes that have a `date:` and the journal's posts,
/// newest first, each with its summary and its whole page content (picture, ingredients, method;
/// a post's picture and text) as escaped HTML. Feed
/// readers need absolute addresses, so the feed needs site.yml's `base_url`; no clock is read:
/// the feed's `updated` is the newest recipe date.
package struct AtomFeed: Sendable {
    /// Readers only look at the latest entries; a long archive would only make the file heavy.
    package static let maximumEntries = 50

    package var site: Site
    package var publishedURL: PublishedURL
    /// Where the output root is published (pictures): `publishedURL` but for a language's tree.
    package var assetURL: PublishedURL
    /// The image phase's pictures, for each entry's picture URL.
    package var pictures: [String: PublishedPicture]
    /// The heading of each entry's ingredients, in the site's language.
    package var ingredientsHeading: String
    /// The entries' bodies as their pages left them (`FeedBodies`); nil: each is made here.
    var bodies: FeedBodies?

    package init(site: Site, publishedURL: PublishedURL, pictures: [String: PublishedPicture] = [:], ingredientsHeading: String = "Ingredients") {
        self.site = site
        self.publishedURL = publishedURL
        assetURL = publishedURL
        self.pictures = pictures
        self.ingredientsHeading = ingredientsHeading
    }

    /// One entry: a recipe or a post, by its position in the site's recipes or posts.
    package enum Entry: Sendable, Hashable {
        case recipe(Int)
        case post(Int)
    }

    /// Dated recipes, newest first; recipes of the same day keep their gallery order.
    package var entries: [Recipe] {
        Self.entryPositions(site.recipes).map { site.recipes[$0] }
    }

    /// The positions in `recipes` of the feed's recipe entries, in feed order: newest first, one
    /// day's in gallery order.
    package static func entryPositions(_ recipes: [Recipe]) -> [Int] {
        // The newest `maximumEntries` are kept in order while the recipes are read once: sorting
        // every dated recipe to keep fifty cost n log n comparisons through a closure, three
        // times a build (issue 37). Positions come in ascending order, so a recipe goes after
        // every kept one of its day, and a full list takes only a strictly newer one.
        var newest: [(position: Int, date: RecipeDate)] = []
        newest.reserveCapacity(maximumEntries + 1)
        for position in recipes.indices {
            guard let date = recipes[position].date else { continue }
            if newest.count == maximumEntries, let last = newest.last, !(last.date < date) { continue }
            // The first kept entry older than this one, by halves: the list is newest first.
            var low = 0, high = newest.count
            while low < high {
                let middle = (low + high) / 2
                if newest[middle].date < date { high = middle } else { low = middle + 1 }
            }
            newest.insert((position, date), at: low)
            if newest.count > maximumEntries { newest.removeLast() }
        }
        return newest.map(\.position)
    }

    /// The feed's entries, newest first: dated recipes and posts together; on one day the posts
    /// come first (in journal order), then the recipes (in gallery order).
    package static func allEntries(recipes: [Recipe], posts: [Post]) -> [Entry] {
        var dated: [(entry: Entry, date: RecipeDate, rank: Int)] = entryPositions(recipes).enumerated().map { rank, position in
            (.recipe(position), recipes[position].date!, posts.count + rank)
        }
        dated += posts.prefix(maximumEntries).enumerated().map { (.post($0.offset), $0.element.date, $0.offset) }
        return dated.sorted { a, b in a.date != b.date ? a.date > b.date : a.rank < b.rank }.prefix(maximumEntries).map(\.entry)
    }

    package func text() throws(Diagnostic) -> String {
        let config = site.config
        let entries = Self.allEntries(recipes: site.recipes, posts: site.posts)
        // With no dated entry there is nothing newer than the epoch, and nothing to read a date from.
        let updated = entries.first.map { Self.timestamp(date(of: $0)) } ?? "1970-01-01T00:00:00Z"
        let home = publishedURL.page(GalleryPage.firstPagePath)
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(config.language))">
          <title>\(XMLText.escape(config.title))</title>

        """
        if let description = config.description {
            xml += "  <subtitle>\(XMLText.escape(description))</subtitle>\n"
        }
        xml += """
          <link rel="self" type="application/atom+xml" href="\(XMLText.escape(publishedURL.file(FeedFile.outputPath)))"/>
          <link rel="alternate" type="text/html" href="\(XMLText.escape(home))"/>
          <id>\(XMLText.escape(home))</id>
          <updated>\(updated)</updated>
          <author><name>\(XMLText.escape(config.author ?? config.title))</name></author>
          <generator>gallerygen</generator>

        """
        for entry in entries {
            switch entry {
            case .recipe(let position): xml += try self.entry(position)
            case .post(let position): xml += postEntry(site.posts[position])
            }
        }
        return xml + "</feed>\n"
    }

    package func file() throws(Diagnostic) -> OutputFile {
        OutputFile(path: FeedFile.outputPath, text: try text())
    }

    private func date(of entry: Entry) -> RecipeDate {
        switch entry {
        case .recipe(let position): site.recipes[position].date!
        case .post(let position): site.posts[position].date
        }
    }

    private func postEntry(_ post: Post) -> String {
        let url = XMLText.escape(publishedURL.page(PostPage.path(slug: post.slug)))
        let date = Self.timestamp(post.date)
        var xml = """
          <entry>
            <title>\(XMLText.escape(post.title))</title>
            <link rel="alternate" type="text/html" href="\(url)"/>
            <id>\(url)</id>
            <published>\(date)</published>
            <updated>\(date)</updated>

        """
        if let author = post.author, author != site.config.author {
            xml += "    <author><name>\(XMLText.escape(author))</name></author>\n"
        }
        for tag in post.tags {
            xml += "    <category term=\"\(XMLText.escape(tag))\"/>\n"
        }
        if let summary = post.summary {
            xml += "    <summary>\(XMLText.escape(summary))</summary>\n"
        }
        xml += "    <content type=\"html\" xml:base=\"\(url)\">\(XMLText.escape(absolute(postHTML(post), of: PostPage.path(slug: post.slug))))</content>\n"
        return xml + "  </entry>\n"
    }

    /// A post's picture and text as HTML.
    func postHTML(_ post: Post) -> String {
        let images = BodyPictureMarkup(images: site.images, pictures: pictures)
            .renderer(documentPath: post.sourcePath, root: assetURL.base)
        return pictureHTML(post.image, alt: post.imageAlt ?? post.title)
            + Markdown.html(post.body, allowRawHTML: site.config.unsafeHTML, images: images, recipeLinks: recipeLinks)
    }

    /// `recipe:slug` links at the recipes' absolute addresses.
    private var recipeLinks: Markdown.RecipeLinkRenderer {
        { [publishedURL] slug, fragment in publishedURL.page(RecipePage.path(slug: slug)) + (fragment.map { "#" + $0 } ?? "") }
    }

    /// `html` as the page at `page` (a path in the tree) shows it, its relative URLs made absolute
    /// (the same files as from that page). The content's `xml:base` (RFC 4287 section 2) says the
    /// same, but readers do not all honour it on `content` (ROME only reads it on `feed` and
    /// `entry`; others resolve against the feed's own address, `…/feed.xml`, where `../../x`
    /// misses): an absolute URL reads the same in every one.
    private func absolute(_ html: String, of page: String) -> String {
        HTMLURLRebasing.rebase(html, from: site.treePrefix + page, root: assetURL.base)
    }

    /// A document's own picture as a paragraph of the feed's HTML.
    private func pictureHTML(_ image: ImageReference?, alt: String) -> String {
        switch image {
        case .local(let path)?:
            "<p><img src=\"\(escapeHTML(assetURL.file(PageRenderer.publishedImagePath(path, in: pictures))))\" alt=\"\(escapeHTML(alt))\"></p>\n"
        case .remote(let url)?:
            "<p><img src=\"\(escapeHTML(url))\" alt=\"\(escapeHTML(alt))\"></p>\n"
        case nil:
            ""
        }
    }

    private func entry(_ position: Int) throws(Diagnostic) -> String {
        let recipe = site.recipes[position]
        let url = XMLText.escape(publishedURL.page(RecipePage.path(of: recipe)))
        let date = recipe.date.map(Self.timestamp) ?? ""
        var xml = """
          <entry>
            <title>\(XMLText.escape(recipe.title))</title>
            <link rel="alternate" type="text/html" href="\(url)"/>
            <id>\(url)</id>
            <published>\(date)</published>
            <updated>\(date)</updated>

        """
        if let author = recipe.author, author != site.config.author {
            xml += "    <author><name>\(XMLText.escape(author))</name></author>\n"
        }
        for tag in recipe.tags {
            xml += "    <category term=\"\(XMLText.escape(tag))\"/>\n"
        }
        if let summary = recipe.summary {
            xml += "    <summary>\(XMLText.escape(summary))</summary>\n"
        }
        let html = absolute(try contentHTML(recipe, bodyHTML: bodies?.take(position)), of: RecipePage.path(of: recipe))
        xml += "    <content type=\"html\" xml:base=\"\(url)\">\(XMLText.escape(html))</content>\n"
        return xml + "  </entry>\n"
    }

    /// The page's substance as HTML: picture, ingredients, then the Markdown body (`bodyHTML`
    /// when its page made it, else made here).
    func contentHTML(_ recipe: Recipe, bodyHTML: String? = nil) throws(Diagnostic) -> String {
        var html = pictureHTML(recipe.image, alt: recipe.imageAlt ?? recipe.title)
        if !recipe.ingredients.isEmpty {
            html += "<h2>\(escapeHTML(ingredientsHeading))</h2>\n<ul>\n"
            html += recipe.ingredients.map { "<li>\(Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML, recipeLinks: recipeLinks))</li>\n" }.joined()
            html += "</ul>\n"
        }
        for group in recipe.method {
            if let title = group.title { html += "<h3>\(escapeHTML(title))</h3>\n" }
            html += "<ol>\n" + group.steps.map { "<li>\(Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML, always: true, recipeLinks: recipeLinks))</li>\n" }.joined() + "</ol>\n"
        }
        if let bodyHTML { return html + bodyHTML }
        let addresses = bodyAddresses(of: recipe)
        return html + Markdown.html(try site.body(of: recipe), allowRawHTML: site.config.unsafeHTML,
                                    images: addresses.images, recipeLinks: addresses.recipeLinks)
    }

    /// How `recipe`'s body writes its pictures and `recipe:` links in the feed: absolute.
    func bodyAddresses(of recipe: Recipe) -> Markdown.Addresses {
        Markdown.Addresses(images: BodyPictureMarkup(images: site.images, pictures: pictures)
                               .renderer(documentPath: recipe.sourcePath, root: assetURL.base),
                           recipeLinks: recipeLinks)
    }

    /// RFC 3339 at midnight UTC: front matter dates carry no time or zone.
    static func timestamp(_ date: RecipeDate) -> String {
        date.iso8601 + "T00:00:00Z"
    }
}

/// `feed.xml`, when site.yml has a `base_url`.
package struct FeedFile: GeneratedFile {
    package static let outputPath = "feed.xml"

    package func count(in site: PagePlan) -> Int { site.site.config.publishedURL == nil ? 0 : 1 }

    package func path(_ index: Int, in site: PagePlan) -> String { FeedFile.outputPath }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        var feed = site.feed!
        feed.bodies = site.feedBodies
        return try feed.file()
    }
}

extension PageRenderer {
    /// The tree's feed, when site.yml has a `base_url`.
    var feed: AtomFeed? {
        site.config.publishedURL.map { publishedURL in
            var feed = AtomFeed(site: site, publishedURL: publishedURL, pictures: pictures, ingredientsHeading: strings.text("ingredients"))
            feed.assetURL = assetPublishedURL ?? publishedURL
            return feed
        }
    }
}

extension FeedFile {
    /// Everything of the recipes the feed lists (their bodies are its entries' content).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("feed", index)
        for entry in AtomFeed.allEntries(recipes: site.site.recipes, posts: site.site.posts) {
            switch entry {
            case .recipe(let position): hasher.combine(inputs.recipes[position])
            case .post(let position): hasher.combine(inputs.posts[position])
            }
        }
        return hasher.finalize()
    }
}
