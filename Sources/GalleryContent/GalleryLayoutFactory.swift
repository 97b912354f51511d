import GalleryLayout
import GallerySupport

/// Builds the gallery's layout engine from site.yml's `gallery:` settings through the layout
/// registry, pointing any error at the offending line of site.yml.
package enum GalleryLayoutFactory {
    /// One engine per arrangement and breakpoint (`[arrangement][breakpoint]`), in site.yml's
    /// order, each with the arrangement's parameters and that breakpoint's overrides; every bad
    /// entry is reported.
    package static func makeLayouts(_ settings: GallerySettings, breakpoints: [SiteConfig.Breakpoint],
                                   path: String) -> ([[any CollectionLayout]], [Diagnostic]) {
        var layouts: [[any CollectionLayout]] = []
        var diagnostics: [Diagnostic] = []
        for arrangement in settings.arrangements {
            for (name, position) in arrangement.breakpointPositions.sorted(by: { $0.key < $1.key })
            where !breakpoints.contains(where: { $0.name == name }) {
                diagnostics.append(.error("'\(name)' is neither a parameter of '\(arrangement.engine)' nor a breakpoint (breakpoints: \(breakpoints.map(\.name).joined(separator: ", ")))",
                                          path: path, line: position.line, column: position.column))
            }
            var row: [any CollectionLayout] = []
            for breakpoint in breakpoints {
                var merged = arrangement
                merged.parameters.merge(arrangement.breakpointParameters[breakpoint.name] ?? [:]) { _, override in override }
                do {
                    row.append(try makeLayout(merged, path: path))
                } catch {
                    if !diagnostics.contains(error) { diagnostics.append(error) }
                }
            }
            layouts.append(row)
        }
        return (layouts, diagnostics)
    }

    static func makeLayout(_ arrangement: ArrangementSetting, path: String) throws(Diagnostic) -> any CollectionLayout {
        var values: [String: LayoutParameterValue] = [:]
        for (key, node) in arrangement.parameters {
            guard let value = parameterValue(node) else {
                throw .error("parameter '\(key)' of '\(arrangement.engine)' must be a number, text, true/false or a list of numbers",
                             path: path, line: node.line, column: node.column)
            }
            values[key] = value
        }
        do {
            return try LayoutRegistry.makeLayout(name: arrangement.engine, parameters: values)
        } catch let error as LayoutConfigurationError {
            var position = (line: arrangement.line, column: arrangement.column)
            switch error {
            case .unknownParameter(_, let parameter, _), .wrongType(_, let parameter, _, _), .invalidValue(_, let parameter, _):
                if let node = arrangement.parameters[parameter] { position = (node.line, node.column) }
            case .unknownEngine:
                break
            }
            throw .error(error.description, path: path, line: position.line, column: position.column)
        } catch {
            throw .error("\(error)", path: path, line: arrangement.line, column: arrangement.column)
        }
    }

    /// A YAML value as a layout parameter: plain numbers and booleans, text, or a list of numbers.
    static func parameterValue(_ node: YAMLNode) -> LayoutParameterValue? {
        if let items = node.sequence {
            let numbers = items.compactMap(\.double)
            return numbers.count == items.count ? .numbers(numbers) : nil
        }
        if let number = node.double { return .number(number) }
        if let flag = node.bool { return .bool(flag) }
        return node.scalar.map { .string($0) }
    }
}
