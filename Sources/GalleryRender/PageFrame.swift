import Mustache

/// What every page made from a template has besides its own context, around a page kind's lazy
/// context (`MustacheObject`): the site menu marked for this page and the theme's strings
/// (`addingMenu`), its language tree's keys (`addingLanguages`: `home`, `root` as the output's
/// root, `alternates`, `languages`), each made when the template asks for it. A page kind that
/// still hands a dictionary gets the same keys added to it.
struct PageFrame: MustacheObject {
    let page: any MustacheObject
    let renderer: PageRenderer
    /// The page's output path in its tree, which the menu marks as current.
    let path: String
    /// What the page's versions in other languages share (`TemplatePage.translationKey`).
    let translationKey: String
    /// The page's own root (its tree's), which `root` was before the frame made it the output's.
    let home: String

    init(page: any MustacheObject, renderer: PageRenderer, path: String, translationKey: String) {
        self.page = page
        self.renderer = renderer
        self.path = path
        self.translationKey = translationKey
        if case .string(let root)? = page.value(forKey: "root") { home = root } else { home = URLPath.root(from: path) }
    }

    var keys: [String] {
        Array(Set(page.keys + PageRenderer.menuKeys + PageRenderer.languageKeys)).sorted()
    }

    func value(forKey key: String) -> MustacheValue? {
        renderer.languageValue(key, home: home, key: translationKey)
            ?? renderer.menuValue(key, path: path, root: home)
            ?? page.value(forKey: key)
    }

    /// The frame's own keys: any other goes straight to the page (most of a page's lookups).
    private static let ownKeys = MustacheKeyTable(names: PageRenderer.languageKeys + PageRenderer.menuKeys)

    func value(forKey key: String, number: Int) -> MustacheValue? {
        guard Self.ownKeys[number: number] != nil else { return page.value(forKey: key, number: number) }
        return value(forKey: key)
    }
}
