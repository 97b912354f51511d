import Foundation
import Mustache

/// A parsed theme: its Mustache templates by name and its static assets, after the site's own
/// `templates/` folder has overridden the default theme file by file.
public struct Theme: Sendable {
    public var templates: TemplateLibrary
    /// Template names that exist, for checks.
    public var templateNames: Set<String>
    /// Static files published under `assets/`, by path relative to `assets/`: the built-in
    /// theme's bytes, or files copied from a theme or override folder.
    public var assets: [String: OutputFile.Contents]

    public init(templates: [String: Template], assets: [String: OutputFile.Contents]) {
        self.templates = TemplateLibrary(templates: templates)
        self.templateNames = Set(templates.keys)
        self.assets = assets
    }

    /// The page templates every theme must provide.
    public static let requiredTemplates = ["gallery", "recipe"]
}
