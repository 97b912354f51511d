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
