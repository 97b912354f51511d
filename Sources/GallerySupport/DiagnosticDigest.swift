import Synchronization

/// A build's diagnostics, collected from any thread as they are found and told back the way
/// compilers tell many: every error first, then the content's warnings (something dropped or
/// ignored), then advice (what Google's rich results want). Of each group of warnings (one topic,
/// or one message) only the first few are kept in full and the rest counted, so a site of 100,000
/// recipes without a picture holds three messages and a number, not 100,000 messages.
/// Which few are kept depends on the files' order, never on the order the threads found them.
package final class DiagnosticDigest: Sendable {
    /// How much of each group of warnings is told.
    package enum Detail: String, Sendable, Hashable, CaseIterable {
        /// The first `shownPerGroup` of each group in full, then one line counting the rest.
        case grouped
        /// Every warning in full (`check --warnings all`).
        case all
    }

    /// Warnings of one group told in full before the rest is counted.
    package static let shownPerGroup = 3

    private struct Group {
        var shown: [Diagnostic] = []
        var count = 0
    }

    private struct State {
        var errors: [Diagnostic] = []
        var groups: [GroupKey: Group] = [:]
    }

    fileprivate enum GroupKey: Hashable {
        case topic(DiagnosticTopic)
        case message(Diagnostic.Severity, String)
    }

    private let state = Mutex(State())
    private let limit: Int
    /// Whether advice is told warning by warning (`check`) or in one line counting it (`build`).
    package let listsAdvice: Bool

    package init(detail: Detail = .grouped, listsAdvice: Bool = true) {
        self.limit = detail == .all ? .max : Self.shownPerGroup
        self.listsAdvice = listsAdvice
    }

    package func append(_ diagnostic: Diagnostic) {
        state.withLock { state in
            guard diagnostic.severity == .error else { return Self.add(diagnostic, to: &state, limit: advice(diagnostic) ? 0 : limit) }
            state.errors.append(diagnostic)
        }
    }

    package func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// Advice a build only counts: none of it is kept.
    private func advice(_ diagnostic: Diagnostic) -> Bool {
        !listsAdvice && diagnostic.topic?.isAdvice == true
    }

    /// Counts `diagnostic` in its group, keeping it when it is among the group's first `limit` in
    /// file order (a short sorted list, so the work per warning stays small).
    private static func add(_ diagnostic: Diagnostic, to state: inout State, limit: Int) {
        let key: GroupKey = diagnostic.topic.map(GroupKey.topic) ?? .message(diagnostic.severity, diagnostic.message)
        state.groups[key, default: Group()].count += 1
        guard limit > 0 else { return }
        var shown = state.groups[key]!.shown
        if shown.count == limit, let last = shown.last, !precedes(diagnostic, last) { return }
        state.groups[key]!.shown = []
        let position = shown.firstIndex { precedes(diagnostic, $0) } ?? shown.endIndex
        shown.insert(diagnostic, at: position)
        if shown.count > limit { shown.removeLast() }
        state.groups[key]!.shown = shown
    }

    /// File order: path, line, column, then message.
    private static func precedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.path, a.line, a.column, a.message) < (b.path, b.line, b.column, b.message)
    }

    package var hasErrors: Bool { state.withLock { !$0.errors.isEmpty } }

    /// Every warning found, told in full or not.
    package var warningCount: Int { state.withLock { $0.groups.values.reduce(0) { $0 + $1.count } } }

    /// The diagnostics as they are printed: the errors in file order; then each group of the
    /// content's warnings, then of advice, in the order of its first warning, its left-out ones
    /// counted in a note after it; a build's advice as one warning counting it.
    package var sorted: [Diagnostic] {
        let state = state.withLock { $0 }
        var told = state.errors.sorted(by: Self.precedes)
        let groups = state.groups.sorted { a, b in
            let (first, second) = (a.value.shown.first, b.value.shown.first)
            let rank = (a.key.isAdvice ? 1 : 0, b.key.isAdvice ? 1 : 0)
            if rank.0 != rank.1 { return rank.0 < rank.1 }
            if let first, let second, first != second { return Self.precedes(first, second) }
            return a.key.name < b.key.name
        }
        var counted: [String] = []
        for (key, group) in groups {
            if case .topic(let topic) = key, topic.isAdvice, !listsAdvice {
                counted.append(topic.counted(group.count))
                continue
            }
            told += group.shown
            let left = group.count - group.shown.count
            guard left > 0 else { continue }
            let what = switch key {
            case .topic(let topic): left == 1 ? topic.file : topic.files
            case .message: "with the same message"
            }
            told.append(Diagnostic(.note, path: "", "and \(GroupedNumber.text(left)) more \(what); `gallerygen check --warnings all` lists them"))
        }
        if !counted.isEmpty {
            told.append(.warning("Google's recipe rich results: \(counted.joined(separator: ", ")); `gallerygen check` lists them",
                                 path: ""))
        }
        return told
    }
}

extension DiagnosticDigest.GroupKey {
    var isAdvice: Bool {
        if case .topic(let topic) = self { topic.isAdvice } else { false }
    }

    /// Orders groups with no warning kept (a build's counted advice) among themselves.
    var name: String {
        switch self {
        case .topic(let topic): topic.name
        case .message(let severity, let message): severity.rawValue + ":" + message
        }
    }
}
