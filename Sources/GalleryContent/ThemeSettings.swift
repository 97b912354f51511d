/// site.yml's `theme:` section: how the default theme presents the site.
///
/// ```yaml
/// theme:
///   color_scheme: auto      # follow the reader's system setting (prefers-color-scheme); or light, dark
/// ```
package struct ThemeSettings: Sendable, Equatable {
    /// Which palette the pages use; the `data-color-scheme` attribute of `<html>` carries it to the CSS.
    package enum ColorScheme: String, Sendable, CaseIterable {
        /// The light palette, or the dark one when the reader's system prefers dark.
        case auto
        case light
        case dark
    }

    package var colorScheme: ColorScheme = .auto

    package init() {}

    /// Reads the section's keys from `reader`, reporting a value that is not a colour scheme.
    static func parse(_ reader: inout FieldReader) -> ThemeSettings {
        var settings = ThemeSettings()
        if let node = reader.value("color_scheme"), let name = reader.string("color_scheme") {
            if let scheme = ColorScheme(rawValue: name) {
                settings.colorScheme = scheme
            } else {
                let names = ColorScheme.allCases.map(\.rawValue).joined(separator: ", ")
                reader.error("'color_scheme' must be one of \(names), found '\(name)'", at: node)
            }
        }
        return settings
    }
}
