import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// `site.webmanifest` (W3C Web App Manifest): the site's name, colours and icons, for browsers
/// that add a site to a home screen. Every address in it is relative to the manifest, which sits
/// at the output root, so it works under any sub-path.
package struct WebManifestFile: GeneratedFile {
    package static let outputPath = "site.webmanifest"

    package func count(in site: PagePlan) -> Int { site.isDefaultTree ? 1 : 0 }

    package func path(_ index: Int, in site: PagePlan) -> String { WebManifestFile.outputPath }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let config = site.site.config
        var members: [String: JSONValue] = [
            "name": .string(config.title),
            "short_name": .string(config.title),
            "lang": .string(config.language),
            "start_url": .string("./"),
            "scope": .string("./"),
            "display": .string("browser"),
            "theme_color": .string(config.themeColor),
            "background_color": .string(config.backgroundColor),
            "icons": .array(site.icons.filter { $0.rel == "icon" }.map { icon in
                var fields: [String: JSONValue] = ["src": .string(URLPath.encode(icon.path))]
                if let type = icon.type { fields["type"] = .string(type) }
                if let sizes = icon.sizes { fields["sizes"] = .string(sizes) }
                return .object(fields)
            }),
        ]
        if let description = config.description { members["description"] = .string(description) }
        return OutputFile(path: WebManifestFile.outputPath, text: JSONValue.object(members).text + "\n")
    }
}

/// A `<link rel="icon">` (or `apple-touch-icon`) every page carries.
package struct SiteIcon: Sendable, Hashable {
    package var rel: String
    /// Relative to the output root.
    package var path: String
    package var type: String?
    package var sizes: String?
}

extension PageRenderer {
    /// The site's own icons when its `static/` folder has a `favicon.svg`, `favicon.png` or
    /// `favicon.ico` (then the theme's are not linked), else the theme's; and the site's
    /// `apple-touch-icon.png` when there is one. Made once, in `init`.
    package static func icons(site: Site, theme: Theme) -> [SiteIcon] {
        let own = Set(site.staticFiles.map(\.path))
        var icons: [SiteIcon] = []
        let siteIcons: [SiteIcon] = [
            SiteIcon(rel: "icon", path: "favicon.svg", type: "image/svg+xml", sizes: "any"),
            SiteIcon(rel: "icon", path: "favicon.png", type: "image/png", sizes: nil),
            SiteIcon(rel: "icon", path: "favicon.ico", type: "image/x-icon", sizes: nil),
        ].filter { own.contains($0.path) }
        if !siteIcons.isEmpty {
            icons = siteIcons
        } else {
            let themeIcons = [
                SiteIcon(rel: "icon", path: AssetPaths.themeIcon, type: "image/svg+xml", sizes: "any"),
                SiteIcon(rel: "icon", path: AssetPaths.themeIconPNG, type: "image/png", sizes: "32x32"),
            ]
            icons = themeIcons.filter { theme.assets[String($0.path.dropFirst("assets/".count))] != nil }
        }
        if own.contains("apple-touch-icon.png") {
            icons.append(SiteIcon(rel: "apple-touch-icon", path: "apple-touch-icon.png", type: nil, sizes: nil))
        }
        return icons
    }

    /// The icons as the `site` context gives them to templates.
    static func iconsContext(_ icons: [SiteIcon]) -> MustacheValue {
        .array(icons.map { icon in
            ["rel": .string(icon.rel), "path": .string(URLPath.encode(icon.path)),
             "type": icon.type.map(MustacheValue.string) ?? .null, "sizes": icon.sizes.map(MustacheValue.string) ?? .null]
        })
    }
}

extension WebManifestFile {
    /// site.yml, the icons and the static files' names, part of what every file reads.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        inputs.hasher("webmanifest", index).finalize()
    }
}
