import Foundation

/// `--verbose`: each phase of a build printed with its time once the next one begins, on
/// standard error, for `build` and for every build of `serve`. Without a console it prints nothing.
final class PhaseTimer: @unchecked Sendable {
    private let console: CommandLineTool.Console?
    private let lock = NSLock()
    private var current: (name: String, started: Date)?

    init(console: CommandLineTool.Console?) {
        self.console = console
    }

    /// The build reached phase `name`: the one before it is done. Never inlined: `make
    /// bench-instructions` cuts its callgrind profile into phases where this is called.
    @inline(never)
    func begin(_ name: String) {
        finish()
        lock.withLock { current = (name, Date()) }
    }

    /// The build is over: prints the last phase.
    func finish() {
        guard let (name, started) = lock.withLock({ () -> (String, Date)? in
            defer { current = nil }
            return current
        }) else { return }
        // Interpolated, not `String(format:)` (see `CommandLineTool.seconds`).
        let milliseconds = (Date().timeIntervalSince(started) * 1000).rounded()
        console?.error("  \(name) (\(milliseconds.isFinite ? Int(milliseconds) : 0) ms)")
    }
}
