import Foundation
import GalleryContent
import GalleryRender
import GallerySupport

/// What `serve` keeps between rebuilds so that a saved recipe costs what it changes, not what
/// the site holds: the site as last read (only the recipe files changed since are parsed again),
/// the theme, the fingerprints of recipes and pictures, and those of the files in the output
/// folder. Used by one build at a time (the preview server's rebuilds never overlap).
package final class BuildMemory: @unchecked Sendable {
    /// The last successful reading of the site folder, before `--base-url` is applied.
    var reading: ContentLoader.Reading?
    /// Recipe files (site-relative) changed since `reading`; nil when something else changed and
    /// the whole folder must be read again.
    var changedRecipes: Set<String>? = []
    var theme: Theme?
    /// Fingerprints computed before, for recipes and pictures that did not change.
    let memo = FingerprintMemo()
    /// The fingerprints the last build recorded in the output folder, with the identity of the
    /// marker written with them (`OutputFingerprints`); nil until a build wrote them.
    var recorded: (marker: String, fingerprints: [String: Fingerprint])?

    package init() {}

    /// Takes note of files changed (absolute paths) under the site folder or a theme folder: a
    /// recipe of the default language is parsed again on its own; anything else (site.yml, a
    /// page, a picture, a translation, a template) has the next build read everything again.
    package func noteChanges(_ paths: [String], siteDirectory: URL) {
        let recipes = siteDirectory.standardizedFileURL.path + "/recipes/"
        for path in paths {
            let name = path.hasPrefix(recipes) ? String(path.dropFirst(recipes.count)) : ""
            if !name.isEmpty, !name.contains("/"), name.hasSuffix(".md"), !name.hasPrefix("."), SiteLanguage.translation(fileName: name) == nil {
                changedRecipes?.insert("recipes/" + name)
            } else {
                changedRecipes = nil
                theme = nil
            }
        }
    }
}
