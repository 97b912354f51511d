import GalleryContent
import GallerySupport
import Mustache

/// Where every page of a multilingual site has a version in each language: one tree per language
/// (the default at the output root, the others under `fr/`, `ar/`…), and in each tree the pages
/// by what their versions share (`TemplatePage.translationKey`: a recipe's original, else the path).
/// It gives every page its `hreflang` alternates and language switcher, and the sitemap its
/// `xhtml:link` alternates; each page links only the versions that exist.
package struct LanguageVersions: Sendable {
    /// One language's tree.
    package struct Tree: Sendable {
        /// The BCP 47 code (`hreflang`).
        package var code: String
        /// The language's name in itself (`Français`), for the switcher.
        package var name: String
        /// `""` for the default language, else `fr/`.
        package var prefix: String
        /// Where the tree is published, when site.yml has a `base_url`.
        package var published: PublishedURL?
        /// Tree-relative path of each page, by translation key.
        package var paths: [String: String]
        /// The pages a sitemap lists, tree-relative, in output order, with their keys.
        package var listed: [(path: String, key: String)]
    }

    package var trees: [Tree]

    /// The trees of `plans`, one per language, the default first.
    package init(plans: [PagePlan]) {
        trees = plans.map { plan in
            var listed: [(path: String, key: String)] = []
            for (kind, index) in plan.listedPages {
                guard let page = PageRenderer.kinds[kind] as? any TemplatePage else { continue }
                listed.append((page.path(index, in: plan), page.translationKey(index, in: plan)))
            }
            let language = plan.site.config.languages.first { $0.code == plan.site.config.language }
                ?? SiteLanguage(code: plan.site.config.language)
            return Tree(code: language.code, name: language.ownName, prefix: plan.site.treePrefix,
                        published: plan.site.config.publishedURL,
                        paths: Dictionary(listed.map { ($0.key, $0.path) }, uniquingKeysWith: { first, _ in first }), listed: listed)
        }
    }

    /// The versions of the page with translation `key`, in the trees' order: each tree holding one
    /// and the version's path in it.
    package func versions(of key: String) -> [(tree: Tree, path: String)] {
        trees.compactMap { tree in tree.paths[key].map { (tree, $0) } }
    }
}

extension PageRenderer {
    /// The output root as a page whose tree root is `home` reaches it: shared files (the
    /// stylesheet, pictures, icons) are written once, at the output root.
    func assetRoot(_ home: String) -> String {
        // A site of one language (most) is one tree at the output's root: its root is the output's.
        guard !site.treePrefix.isEmpty else { return home }
        return home.hasPrefix("/") ? home : home + String(repeating: "../", count: site.treePrefix.split(separator: "/").count)
    }

    /// Where the output root is published, for a language's tree: its `base_url` without the tree.
    package var assetPublishedURL: PublishedURL? {
        guard let published = site.config.publishedURL else { return nil }
        return site.treePrefix.isEmpty || !published.base.hasSuffix(site.treePrefix) ? published
            : PublishedURL(base: String(published.base.dropLast(site.treePrefix.count)))
    }

    /// The context with the keys of language trees: `home` (the tree's root, which the page's own
    /// `root` was until here), `root` (the output root, for shared files), and on a multilingual
    /// site the page's `alternates` (hreflang) and `languages` (the switcher).
    func addingLanguages(to context: MustacheValue, key: String) -> MustacheValue {
        guard case .dictionary(var fields) = context, case .string(let home)? = fields["root"] else { return context }
        for name in Self.languageKeys { fields[name] = languageValue(name, home: home, key: key) }
        return .dictionary(fields)
    }

    /// The keys `addingLanguages` adds (or replaces: `root`).
    static let languageKeys = ["home", "root", "alternates", "languages", "hasLanguages"]

    /// Language key `name` of the page whose versions share `key` and whose own root is `home`;
    /// nil for another name.
    func languageValue(_ name: String, home: String, key: String) -> MustacheValue? {
        // Each made only for its own key: every page asks for `root` and `home` several times.
        var languages: LanguageVersions? { self.languages.flatMap { $0.trees.count > 1 ? $0 : nil } }
        switch name {
        case "home": return .string(home)
        case "root": return .string(assetRoot(home))
        case "hasLanguages": return .bool(languages != nil)
        case "alternates":
            guard let languages else { return .array([]) }
            let root = assetRoot(home)
            let versions = languages.versions(of: key)
            var alternates: [MustacheValue] = versions.map { ["hreflang": .string($0.tree.code), "url": .string(url($0.tree, $0.path, root: root))] }
            if let first = versions.first, first.tree.prefix.isEmpty {
                alternates.append(["hreflang": "x-default", "url": .string(url(first.tree, first.path, root: root))])
            }
            return versions.count > 1 ? .array(alternates) : .array([])
        case "languages":
            guard let languages else { return .array([]) }
            let root = assetRoot(home)
            return .array(languages.trees.map { tree in
                // A language without this page links to its gallery.
                let path = tree.paths[key] ?? GalleryPage.firstPagePath
                return ["code": .string(tree.code), "name": .string(tree.name),
                        "url": .string(URLPath.link(to: tree.prefix + path, root: root)),
                        "current": .bool(tree.prefix == site.treePrefix)]
            })
        default: return nil
        }
    }

    private func url(_ tree: LanguageVersions.Tree, _ path: String, root: String) -> String {
        tree.published?.page(path) ?? URLPath.link(to: tree.prefix + path, root: root)
    }
}
