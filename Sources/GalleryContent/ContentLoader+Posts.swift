import Foundation
import GallerySupport

extension ContentLoader {
    /// Every `posts/*.md` (the journal), parsed side by side: the posts kept (drafts only with
    /// `--drafts`), newest first; two posts with one slug are an error naming both files.
    func loadPosts(slugStyle: SlugStyle, _ log: inout DiagnosticLog) -> [Post] {
        let names = markdownFiles(under: "posts").filter { !$0.dropFirst("posts/".count).contains("/") }
        let parsed = concurrentMap(count: names.count) { index -> (Post?, [Diagnostic]) in
            let relative = names[index]
            let path = displayPath(relative)
            do throws(Diagnostic) {
                let text = try SourceText.decode(try readSiteFile(relative, what: "the post"), path: path)
                return PostParser.parse(text, sourcePath: relative, displayPath: path, slugStyle: slugStyle)
            } catch {
                return (nil, [error])
            }
        }
        var posts: [Post] = []
        var seen: [String: Post] = [:]
        for (post, diagnostics) in parsed {
            log.append(contentsOf: diagnostics)
            guard let post, includeDrafts || !post.isDraft else { continue }
            if let first = seen[post.slug] {
                log.append(.error("duplicate post slug '\(post.slug)': \(displayPath(first.sourcePath)):\(first.line(of: "slug")):1 already uses it",
                                  path: displayPath(post.sourcePath), line: post.line(of: "slug"), column: 1))
                continue
            }
            seen[post.slug] = post
            posts.append(post)
        }
        return posts.sorted(by: Post.journalOrder)
    }

    /// The home text, `index.md` at the site folder's root, when there is one; its featured recipes
    /// and links checked against `recipes`.
    func loadHome(recipes: [Recipe], _ log: inout DiagnosticLog) -> HomeText? {
        let relative = HomeText.sourcePath
        guard FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent(relative).path) else { return nil }
        let path = displayPath(relative)
        do throws(Diagnostic) {
            let text = try SourceText.decode(try readSiteFile(relative, what: "the home text"), path: path)
            let (home, diagnostics) = HomeText.parse(text, displayPath: path)
            log.append(contentsOf: diagnostics)
            if let home { checkHome(home, recipes: recipes, &log) }
            return home
        } catch {
            log.append(error)
            return nil
        }
    }

    /// Reports a featured recipe or a `recipe:` link of the home text that names no recipe.
    func checkHome(_ home: HomeText, recipes: [Recipe], _ log: inout DiagnosticLog) {
        let slugs = Set(recipes.map(\.slug))
        let path = displayPath(HomeText.sourcePath)
        for featured in home.featured where !slugs.contains(featured.slug) {
            log.append(.error("the featured recipe '\(featured.slug)' does not exist: no recipe has that slug", path: path,
                              line: featured.line, column: featured.column))
        }
        log.append(contentsOf: RecipeLink.problems(home.recipeLinks, slugs: slugs, displayPath: path))
    }

    /// Reports every `recipe:` link of a recipe, page or post body that names no recipe of the site.
    func checkRecipeLinks(recipes: [Recipe], pages: [Page], posts: [Post], _ log: inout DiagnosticLog) {
        let linked = recipes.filter { !$0.recipeLinks.isEmpty }
        guard !linked.isEmpty || pages.contains(where: { !$0.recipeLinks.isEmpty }) || posts.contains(where: { !$0.recipeLinks.isEmpty }) else { return }
        let slugs = Set(recipes.map(\.slug))
        for recipe in linked {
            log.append(contentsOf: RecipeLink.problems(recipe.recipeLinks, slugs: slugs, displayPath: displayPath(recipe.sourcePath)))
        }
        for page in pages {
            log.append(contentsOf: RecipeLink.problems(page.recipeLinks, slugs: slugs, displayPath: displayPath(page.sourcePath)))
        }
        for post in posts {
            log.append(contentsOf: RecipeLink.problems(post.recipeLinks, slugs: slugs, displayPath: displayPath(post.sourcePath)))
        }
    }
}
