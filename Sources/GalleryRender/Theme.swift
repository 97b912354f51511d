import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// A parsed theme: its Mustache templates by name and its static assets, after the site's own
/// `templates/` folder has overridden the default theme file by file.
package struct Theme: Sendable {
    package var templates: TemplateLibrary
    /// Template names that exist, for checks.
    package var templateNames: Set<String>
    /// Static files published under `assets/`, by path relative to `assets/`: the built-in
    /// theme's bytes, or files copied from a theme or override folder.
    package var assets: [String: OutputFile.Contents]
    /// What the theme is made of (every template's and asset's name and bytes), which every page's
    /// fingerprint folds in; set by the loader that read them.
    package var fingerprint = Fingerprint(high: 0, low: 0)
    /// The boxes the theme's CSS shows pictures in (`theme.yml`), which the image planner cuts
    /// renditions for.
    package var geometry: ThemeGeometry
    /// What reading the theme warned about (an unknown key in `theme.yml`), for the build's report.
    package var warnings: [Diagnostic] = []

    package init(templates: [String: Template], assets: [String: OutputFile.Contents], geometry: ThemeGeometry = BuiltInTheme.geometry) {
        self.templates = TemplateLibrary(templates: templates)
        self.templateNames = Set(templates.keys)
        self.assets = assets
        self.geometry = geometry
    }

    /// The page templates every theme must provide: one per kind of page made from a template,
    /// checked before anything is built.
    package static var requiredTemplates: [String] { PageRenderer.kinds.compactMap(\.template) }
}
