/// A parameter value as site.yml gives it.
public enum LayoutParameterValue: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// A list of numbers, e.g. `section_inset: [10, 20, 10, 20]` or `header_reference_size: [0, 44]`.
    case numbers([Double])
}

extension LayoutParameterValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .number(let value): formatNumber(value)
        case .string(let value): "\"\(value)\""
        case .bool(let value): value ? "true" : "false"
        case .numbers(let values): "[" + values.map(formatNumber).joined(separator: ", ") + "]"
        }
    }
}

/// The kind of value a layout parameter takes.
public enum LayoutParameterType: Hashable, Sendable {
    case number
    case integer
    case bool
    /// One of the listed strings.
    case choice([String])
    /// One number for all four edges, or four: top, left, bottom, right.
    case insets
    /// One number for both sides, or two: width, height.
    case size

    /// How `gallerygen layouts` shows the type.
    public var name: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .bool: "bool"
        case .choice(let choices): choices.joined(separator: "|")
        case .insets: "insets"
        case .size: "size"
        }
    }
}

/// One knob of an engine as site.yml spells it.
public struct LayoutParameter: Hashable, Sendable {
    /// The snake_case name used in site.yml.
    public var name: String
    public var type: LayoutParameterType
    /// The default, as shown to users ("auto" where the engine derives it).
    public var defaultValue: String
    /// One line of help.
    public var help: String

    public init(_ name: String, _ type: LayoutParameterType, _ defaultValue: String, _ help: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
    }
}

/// Why a layout could not be made from site.yml's settings. The description names the engine and
/// the parameter, ready to follow `path:line:column: error: `.
public enum LayoutConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownEngine(name: String, known: [String])
    case unknownParameter(engine: String, parameter: String, known: [String])
    case wrongType(engine: String, parameter: String, expected: String, got: LayoutParameterValue)
    case invalidValue(engine: String, parameter: String, reason: String)

    public var description: String {
        switch self {
        case .unknownEngine(let name, let known):
            "unknown layout \"\(name)\"; known layouts: \(known.joined(separator: ", "))"
        case .unknownParameter(let engine, let parameter, let known):
            "layout \"\(engine)\" has no parameter \"\(parameter)\"; its parameters: \(known.joined(separator: ", "))"
        case .wrongType(let engine, let parameter, let expected, let got):
            "layout \"\(engine)\": parameter \"\(parameter)\" must be \(expected), not \(got)"
        case .invalidValue(let engine, let parameter, let reason):
            "layout \"\(engine)\": parameter \"\(parameter)\" \(reason)"
        }
    }
}

/// Reads one engine's parameters, checking names, types and ranges.
struct ParameterReader {
    let engine: String
    let values: [String: LayoutParameterValue]

    init(engine: EngineDescription, values: [String: LayoutParameterValue]) throws {
        let known = engine.parameters.map(\.name)
        for name in values.keys.sorted() where !known.contains(name) {
            throw LayoutConfigurationError.unknownParameter(engine: engine.name, parameter: name, known: known)
        }
        self.engine = engine.name
        self.values = values
    }

    private func wrongType(_ name: String, _ expected: String) -> LayoutConfigurationError {
        .wrongType(engine: engine, parameter: name, expected: expected, got: values[name]!)
    }

    private func invalid(_ name: String, _ reason: String) -> LayoutConfigurationError {
        .invalidValue(engine: engine, parameter: name, reason: reason)
    }

    func contains(_ name: String) -> Bool { values[name] != nil }

    /// A finite number, at least `minimum` and at most `maximum` when given.
    func number(_ name: String, minimum: Double? = nil, maximum: Double? = nil) throws -> Double? {
        guard let value = values[name] else { return nil }
        guard case .number(let number) = value else { throw wrongType(name, "a number") }
        guard number.isFinite else { throw invalid(name, "must be a finite number") }
        if let minimum, number < minimum {
            throw invalid(name, "must be at least \(formatNumber(minimum)), not \(formatNumber(number))")
        }
        if let maximum, number > maximum {
            throw invalid(name, "must be at most \(formatNumber(maximum)), not \(formatNumber(number))")
        }
        return number
    }

    /// A whole number, at least `minimum` and, when given, at most `maximum` (a bound on the work a
    /// count asks for, so a typo cannot make a build run for hours).
    func integer(_ name: String, minimum: Int, maximum: Int? = nil) throws -> Int? {
        guard let value = values[name] else { return nil }
        guard case .number(let number) = value, number.isFinite, number.rounded() == number,
            abs(number) <= 9_007_199_254_740_992
        else { throw wrongType(name, "a whole number") }
        guard number >= Double(minimum) else { throw invalid(name, "must be at least \(minimum)") }
        if let maximum, number > Double(maximum) { throw invalid(name, "must be at most \(maximum)") }
        return Int(number)
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = values[name] else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(name, "true or false") }
        return flag
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, _: Choice.Type) throws -> Choice?
    where Choice.RawValue == String {
        guard let value = values[name] else { return nil }
        let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let string) = value else { throw wrongType(name, "one of \(names)") }
        guard let choice = Choice(rawValue: string) else { throw invalid(name, "must be one of \(names), not \"\(string)\"") }
        return choice
    }

    /// One number for every edge, or four: top, left, bottom, right; none negative.
    func insets(_ name: String) throws -> EdgeInsets? {
        guard let value = values[name] else { return nil }
        let numbers: [Double]
        switch value {
        case .number(let number): numbers = [number, number, number, number]
        case .numbers(let list) where list.count == 4: numbers = list
        default: throw wrongType(name, "a number or four numbers (top, left, bottom, right)")
        }
        guard numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw invalid(name, "must not be negative") }
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }

    /// One number for both sides, or two: width, height; none negative.
    func size(_ name: String) throws -> Size? {
        guard let value = values[name] else { return nil }
        let numbers: [Double]
        switch value {
        case .number(let number): numbers = [number, number]
        case .numbers(let list) where list.count == 2: numbers = list
        default: throw wrongType(name, "a number or two numbers (width, height)")
        }
        guard numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw invalid(name, "must not be negative") }
        return Size(width: numbers[0], height: numbers[1])
    }

    /// An angle given in degrees, returned in radians.
    func degrees(_ name: String, minimum: Double? = nil, maximum: Double? = nil) throws -> Double? {
        try number(name, minimum: minimum, maximum: maximum).map { $0 * Double.pi / 180 }
    }

    /// `item_width` and `item_height`; a width alone derives the height with `heightForWidth`.
    func itemSize(default defaultSize: Size, heightForWidth: (Double) -> Double) throws -> Size {
        let width = try number("item_width", minimum: 0)
        let height = try number("item_height", minimum: 0)
        switch (width, height) {
        case (nil, nil): return defaultSize
        case (let width?, nil): return Size(width: width, height: heightForWidth(width))
        case (nil, let height?): return Size(width: defaultSize.width, height: height)
        case (let width?, let height?): return Size(width: width, height: height)
        }
    }
}

/// Formats a number the way site.yml would write it: no ".0" on whole numbers.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
