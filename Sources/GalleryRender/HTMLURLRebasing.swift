import GallerySupport

/// Relative URLs in HTML written for one output page, moved so that they reach the same files
/// from elsewhere: a cookbook prints its recipes' bodies and lines from its own folder, and the
/// feed needs them absolute. Only `href`, `src` and `srcset` values are moved; fragments,
/// absolute URLs, root-relative ones and other schemes stay as they are.
enum HTMLURLRebasing {
    /// `html` written for the page at `page` with its relative URLs made relative to the page at
    /// `other` (both output paths): the same files, reached from the other page's folder.
    static func rebase(_ html: String, from page: String, to other: String) -> String {
        rebase(html, from: page, root: URLPath.root(from: other))
    }

    /// `html` written for the page at `page` (an output path) with its relative URLs written as
    /// `root` (what leads to the output's root: `../../` from a book, the site's address in the
    /// feed) followed by the file's output path; one that leaves the output stays as it is.
    static func rebase(_ html: String, from page: String, root: String) -> String {
        guard hasQuotedAttribute(html) else { return html }
        let folder = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        func rebase(_ url: String) -> String {
            guard let first = url.first, first != "#", first != "/", first != "?",
                  !url.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains(":") else { return url }
            let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
            var segments = folder
            for segment in url[..<end].split(separator: "/", omittingEmptySubsequences: false) {
                switch segment {
                case "..":
                    guard !segments.isEmpty else { return url }
                    segments.removeLast()
                case ".": continue
                default: segments.append(String(segment))
                }
            }
            // `sidecar/` ends in an empty segment: the folder itself.
            return root + segments.joined(separator: "/") + url[end...]
        }
        let attribute = /(href|src|srcset)="([^"]*)"/
        return html.replacing(attribute) { match in
            let (name, value) = (String(match.output.1), String(match.output.2))
            let rebased = name == "srcset"
                ? value.split(separator: ",").map { candidate in
                    let parts = candidate.split(separator: " ", omittingEmptySubsequences: true)
                    return ([rebase(String(parts.first ?? ""))] + parts.dropFirst().map(String.init)).joined(separator: " ")
                }.joined(separator: ", ")
                : rebase(value)
            return "\(name)=\"\(rebased)\""
        }
    }

    /// Whether `html` has `="` anywhere (`memmem`), so may hold a URL to move: `String.contains`
    /// goes through NSString's search, which was 7 % of a 300-recipe build's render phase (once
    /// per recipe per book) when most bodies hold no attribute to rebase.
    static func hasQuotedAttribute(_ html: String) -> Bool {
        html.containsBytes("=\"")
    }
}
