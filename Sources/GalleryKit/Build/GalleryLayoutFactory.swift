import GalleryLayout

/// Builds the gallery's layout engine from site.yml's `gallery:` settings through the layout
/// registry, pointing any error at the offending line of site.yml.
enum GalleryLayoutFactory {
    static func makeLayout(_ settings: GallerySettings, path: String) throws(Diagnostic) -> any CollectionLayout {
        var values: [String: LayoutParameterValue] = [:]
        for (key, node) in settings.parameters {
            guard let value = parameterValue(node) else {
                throw .error("gallery parameter '\(key)' must be a number, text, true/false or a list of numbers",
                             path: path, line: node.line, column: node.column)
            }
            values[key] = value
        }
        do {
            return try LayoutRegistry.makeLayout(name: settings.layout, parameters: values)
        } catch let error as LayoutConfigurationError {
            var position = settings.layoutPosition
            switch error {
            case .unknownParameter(_, let parameter, _), .wrongType(_, let parameter, _, _), .invalidValue(_, let parameter, _):
                if let node = settings.parameters[parameter] { position = (node.line, node.column) }
            case .unknownEngine:
                break
            }
            throw .error(error.description, path: path, line: position.line, column: position.column)
        } catch {
            throw .error("\(error)", path: path, line: settings.layoutPosition.line, column: settings.layoutPosition.column)
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
