import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// `feed.xml`, an Atom feed (RFC 4287) of the recipes that have a `date:`, newest first, each with
/// its summary and its whole page content (picture, ingredients, method) as escaped HTML. Feed
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

    package init(site: Site, publishedURL: PublishedURL, pictures: [String: PublishedPicture] = [:], ingredientsHeading: String = "Ingredients") {
        self.site = site
        self.publishedURL = publishedURL
        assetURL = publishedURL
        self.pictures = pictures
        self.ingredientsHeading = ingredientsHeading
    }

    /// Dated recipes, newest first; recipes of the same day keep their gallery order.
    package var entries: [Recipe] {
        Self.entryPositions(site.recipes).map { site.recipes[$0] }
    }

    /// The positions in `recipes` of the feed's entries, in feed order.
    package static func entryPositions(_ recipes: [Recipe]) -> [Int] {
        // Positions and dates only: a large site's recipes are not copied to be sorted.
        let dated = recipes.indices.compactMap { index in recipes[index].date.map { (index, $0) } }
        return dated.sorted { a, b in a.1 != b.1 ? a.1 > b.1 : a.0 < b.0 }
            .prefix(maximumEntries).map(\.0)
    }

    package func text() throws(Diagnostic) -> String {
        let config = site.config
        let entries = self.entries
        // With no dated recipe there is nothing newer than the epoch, and nothing to read a date from.
        let updated = entries.first?.date.map(Self.timestamp) ?? "1970-01-01T00:00:00Z"
        let home = publishedURL.page(SitePaths.gallery)
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(config.language))">
          <title>\(XMLText.escape(config.title))</title>

        """
        if let description = config.description {
            xml += "  <subtitle>\(XMLText.escape(description))</subtitle>\n"
        }
        xml += """
          <link rel="self" type="application/atom+xml" href="\(XMLText.escape(publishedURL.file(SitePaths.feed)))"/>
          <link rel="alternate" type="text/html" href="\(XMLText.escape(home))"/>
          <id>\(XMLText.escape(home))</id>
          <updated>\(updated)</updated>
          <author><name>\(XMLText.escape(config.author ?? config.title))</name></author>
          <generator>gallerygen</generator>

        """
        for recipe in entries {
            xml += try entry(recipe)
        }
        return xml + "</feed>\n"
    }

    package func file() throws(Diagnostic) -> OutputFile {
        OutputFile(path: SitePaths.feed, text: try text())
    }

    private func entry(_ recipe: Recipe) throws(Diagnostic) -> String {
        let url = XMLText.escape(publishedURL.page(SitePaths.recipe(recipe)))
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
        // xml:base resolves any relative link in the Markdown against the recipe's own page.
        xml += "    <content type=\"html\" xml:base=\"\(url)\">\(XMLText.escape(try contentHTML(recipe)))</content>\n"
        return xml + "  </entry>\n"
    }

    /// The page's substance as HTML: picture, ingredients, then the Markdown body.
    func contentHTML(_ recipe: Recipe) throws(Diagnostic) -> String {
        var html = ""
        switch recipe.image {
        case .local(let path)?:
            html += "<p><img src=\"\(escapeHTML(assetURL.file(PageRenderer.publishedImagePath(path, in: pictures))))\" alt=\"\(escapeHTML(recipe.imageAlt ?? recipe.title))\"></p>\n"
        case .remote(let url)?:
            html += "<p><img src=\"\(escapeHTML(url))\" alt=\"\(escapeHTML(recipe.imageAlt ?? recipe.title))\"></p>\n"
        case nil:
            break
        }
        if !recipe.ingredients.isEmpty {
            html += "<h2>\(escapeHTML(ingredientsHeading))</h2>\n<ul>\n"
            html += recipe.ingredients.map { "<li>\(Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML))</li>\n" }.joined()
            html += "</ul>\n"
        }
        for group in recipe.method {
            if let title = group.title { html += "<h3>\(escapeHTML(title))</h3>\n" }
            html += "<ol>\n" + group.steps.map { "<li>\(Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML, always: true))</li>\n" }.joined() + "</ol>\n"
        }
        let images = BodyPictureMarkup(images: site.images, pictures: pictures)
            .renderer(documentPath: recipe.sourcePath, root: assetURL.base)
        return html + Markdown.html(try site.body(of: recipe), allowRawHTML: site.config.unsafeHTML, images: images)
    }

    /// RFC 3339 at midnight UTC: front matter dates carry no time or zone.
    static func timestamp(_ date: RecipeDate) -> String {
        date.iso8601 + "T00:00:00Z"
    }
}

/// `feed.xml`, when site.yml has a `base_url`.
package struct FeedFile: GeneratedFile {
    package func count(in site: PagePlan) -> Int { site.site.config.publishedURL == nil ? 0 : 1 }

    package func path(_ index: Int, in site: PagePlan) -> String { SitePaths.feed }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        var feed = AtomFeed(site: site.site, publishedURL: site.site.config.publishedURL!, pictures: site.pictures,
                            ingredientsHeading: site.strings.text("ingredients"))
        feed.assetURL = site.assetPublishedURL ?? feed.publishedURL
        return try feed.file()
    }
}

extension FeedFile {
    /// Everything of the recipes the feed lists (their bodies are its entries' content).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("feed", index)
        for position in AtomFeed.entryPositions(site.site.recipes) { hasher.combine(inputs.recipes[position]) }
        return hasher.finalize()
    }
}
