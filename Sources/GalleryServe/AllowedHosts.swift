import Foundation

/// The `Host` header names a preview server answers, so that a web page cannot read the preview
/// through DNS rebinding (a hostile name that resolves to 127.0.0.1).
package struct AllowedHosts: Sendable, Hashable {
    /// Names without port, lowercased.
    package let names: Set<String>

    /// The names a browser on this machine uses for a server listening on `host`: the loopback
    /// names always, and for another address that address and the machine's own names.
    package init(listeningOn host: String) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        if !names.contains(host.lowercased()) {
            names.insert(host.lowercased())
            let machine = ProcessInfo.processInfo.hostName.lowercased()
            if !machine.isEmpty {
                names.insert(machine)
                if let short = machine.split(separator: ".").first { names.insert(String(short)) }
                names.insert(String(machine.split(separator: ".").first ?? "") + ".local")
            }
        }
        self.names = names
    }

    /// Whether a `Host` header value (`name`, `name:port`, `[::1]:port`) is one of these names.
    package func accepts(_ value: String) -> Bool {
        var name = value.lowercased()
        if let colon = name.lastIndex(of: ":"), !name[name.index(after: colon)...].contains("]") {
            let port = name[name.index(after: colon)...]
            guard port.allSatisfy(\.isNumber) else { return false }
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        return names.contains(name)
    }
}
