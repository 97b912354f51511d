import Foundation
import GalleryKit
import Testing
import GalleryTestSupport
@testable import GalleryCLI
import GalleryServe

/// A loopback GET that returns the status and body, or status 0 when nothing answers.
func loopbackGet(_ target: String, port: UInt16) -> (status: Int, body: String) {
    guard let reply = try? LoopbackHTTP.request(target, port: port) else { return (0, "") }
    return (reply.status, reply.text)
}

@Suite struct ServeCommandTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func writeSite() throws {
        try write("site/site.yml", "title: Serve Bar\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice.\n")
    }

    func previewServer(events: CapturedConsole) -> PreviewServer {
        let site = directory.appendingPathComponent("site")
        let options = BuildOptions(siteDirectory: site, themeDirectory: Paths.root.appendingPathComponent("Templates"))
        let server = PreviewServer(options: options, port: 0, watchedDirectories: [site], pollInterval: 0.1) { event in
            switch event {
            case .changed(let paths): events.console.out("changed \(paths.count)")
            case .phase: break
            case .built(_, _, let generation): events.console.out("built \(generation)")
            case .failed(let failure): events.console.error(failure.description)
            }
        }
        server.longPollTimeout = 5
        return server
    }

    @Test func rebuildsAfterARecipeChangesAndTellsThePageToReload() throws {
        try writeSite()
        let events = CapturedConsole()
        let server = previewServer(events: events)
        let port = try server.start()
        defer { server.stop() }
        #expect(server.generation == 1)
        let before = loopbackGet("/recipes/gimlet/", port: port)
        #expect(before.status == 200)
        #expect(before.body.contains("Shake with ice."))
        #expect(before.body.contains("/__gallerygen/events?since=\"+g") && before.body.contains("const g=1;"))
        let built = try String(contentsOf: directory.appendingPathComponent("site/public/recipes/gimlet/index.html"), encoding: .utf8)
        #expect(!built.contains("__gallerygen"), "the reload script is only added while serving")

        // A long poll started now answers as soon as the rebuild is out.
        let waiter = Thread { _ = loopbackGet("/__gallerygen/events?since=1", port: port) }
        waiter.start()
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nStir with ice, then strain.\n")
        #expect(server.waitForGeneration(after: 1, timeout: 10) == 2)
        #expect(loopbackGet("/__gallerygen/events?since=1", port: port).body == "{\"generation\":2}")
        let after = loopbackGet("/recipes/gimlet/", port: port)
        #expect(after.body.contains("Stir with ice, then strain."))
        #expect(after.body.contains("const g=2;"))
        #expect(events.out.contains("changed 1"))
    }

    @Test func failedRebuildKeepsServingThePreviousPages() throws {
        try writeSite()
        let events = CapturedConsole()
        let server = previewServer(events: events)
        let port = try server.start()
        defer { server.stop() }
        try write("site/recipes/broken.md", "---\ntitle: [unclosed\n---\n")
        let deadline = Date().addingTimeInterval(10)
        while !events.error.contains("broken.md"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(events.error.contains("recipes/broken.md:3:1: error: invalid YAML"))
        #expect(server.generation == 1)
        #expect(loopbackGet("/recipes/gimlet/", port: port).body.contains("Shake with ice."))
        // Fixing the file brings the next generation.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("site/recipes/broken.md"))
        #expect(server.waitForGeneration(after: 1, timeout: 10) == 2)
    }

    @Test func theBasePathFollowsSiteYmlWhileServing() throws {
        try write("site/site.yml", "title: Serve Bar\nbase_url: https://example.com/back-bar/\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice.\n")
        let server = previewServer(events: CapturedConsole())
        let port = try server.start()
        defer { server.stop() }
        #expect(server.basePath == "/back-bar/")
        #expect(loopbackGet("/back-bar/recipes/gimlet/", port: port).status == 200)
        try write("site/site.yml", "title: Serve Bar\nbase_url: https://example.com/bar/\n")
        #expect(server.waitForGeneration(after: 1, timeout: 10) == 2)
        #expect(server.basePath == "/bar/")
        #expect(loopbackGet("/bar/recipes/gimlet/", port: port).status == 200)
        #expect(loopbackGet("/back-bar/recipes/gimlet/", port: port).status == 404)
    }

    @Test func pagesStayAvailableDuringRebuilds() throws {
        try writeSite()
        let server = previewServer(events: CapturedConsole())
        let port = try server.start()
        defer { server.stop() }
        let failures = LockedStatus()
        let requests = LockedStatus()
        let done = DispatchSemaphore(value: 0)
        let loop = Thread {
            while server.generation < 7 {
                if loopbackGet("/recipes/gimlet/", port: port).status != 200 { failures.set(failures.value + 1) }
                requests.set(requests.value + 1)
            }
            done.signal()
        }
        loop.start()
        for _ in 0..<6 { server.rebuild() }
        done.wait()
        #expect(failures.value == 0, "\(failures.value) of \(requests.value) requests failed")
        #expect(requests.value > 0)
    }

    @Test func serveCommandBuildsServesAndStops() throws {
        try writeSite()
        let captured = CapturedConsole()
        let status = LockedStatus()
        var command = ServeCommand(tool: tool(captured))
        command.waitForStop = { server in
            status.set(loopbackGet("/", port: server.port).status)
        }
        let code = command.run(["--site", "site", "--port", "0"])
        #expect(code == 0, "\(captured.error)")
        #expect(status.value == 200)
        #expect(captured.out.contains("Built 1 recipes into site/public"))
        #expect(captured.out.contains("Serving site/public at http://127.0.0.1:"))
        #expect(captured.out.contains("Stopped."))
    }

    @Test func serveTakesTheBuildOptionsThatMakeSenseForIt() throws {
        try writeSite()
        let captured = CapturedConsole()
        let status = LockedStatus()
        var command = ServeCommand(tool: tool(captured))
        command.waitForStop = { server in status.set(loopbackGet("/", port: server.port).status) }
        #expect(command.run(["-qvj1", "-ssite", "-p0", "--clean"]) == 0, "\(captured.error)")
        #expect(status.value == 200)
        #expect(captured.out.contains("Serving site/public at http://127.0.0.1:"), "-q still prints the address")
        #expect(!captured.out.contains("Built 1 recipes"), "-q: \(captured.out)")
        #expect(!captured.out.contains("Open http"))
        #expect(captured.error.contains(" ms)"), "-v times each phase: \(captured.error)")
        let bad = CapturedConsole()
        #expect(tool(bad).run(["serve", "-j0", "-ssite"]) == 2)
        #expect(bad.error.contains("--jobs needs a positive whole number, found '0'"))
    }

    @Test func openRunsTheDesktopOpenerWithTheAddressOrSaysWhatToDo() throws {
        let opened = directory.appendingPathComponent("opened.txt")
        try write("fake-xdg-open", "#!/bin/sh\necho \"$1\" > '\(opened.path)'\n")
        let opener = directory.appendingPathComponent("fake-xdg-open").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
        let captured = CapturedConsole()
        ServeCommand.openInBrowser("http://127.0.0.1:8123/", console: captured.console, openers: ["/nonexistent/xdg-open", opener])
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try read("opened.txt") == "http://127.0.0.1:8123/\n")
        #expect(captured.error.isEmpty)
        let none = CapturedConsole()
        ServeCommand.openInBrowser("http://127.0.0.1:8123/", console: none.console, openers: ["/nonexistent/xdg-open"])
        #expect(none.error == "Cannot open a browser here (no xdg-open); open http://127.0.0.1:8123/ yourself.")
    }

    @Test func portInUseIsAClearError() throws {
        try writeSite()
        let blocker = HTTPServer(port: 0) { _ in .text(200, "busy") }
        let port = try blocker.start()
        defer { blocker.stop() }
        let captured = CapturedConsole()
        let code = tool(captured).run(["serve", "--site", "site", "--port", String(port)])
        #expect(code == 1)
        #expect(captured.error.contains("error: port \(port) on 127.0.0.1 is already in use"))
    }

    @Test func badOptionsAreUsageErrors() {
        let captured = CapturedConsole()
        #expect(tool(captured).run(["serve", "--port", "http"]) == 2)
        #expect(captured.error.contains("'--port http' is not a port number"))
        #expect(tool(CapturedConsole()).run(["serve", "extra"]) == 2)
    }

    @Test func everyCommandHasHelp() {
        for command in ["build", "serve", "new", "import", "check"] {
            let viaHelp = CapturedConsole()
            #expect(tool(viaHelp).run(["help", command]) == 0)
            #expect(viaHelp.out.contains("Usage: gallerygen \(command)"), "\(command)")
            let viaFlag = CapturedConsole()
            #expect(tool(viaFlag).run([command, "--help"]) == 0)
            #expect(viaFlag.out == viaHelp.out, "\(command)")
        }
        let usage = CapturedConsole()
        #expect(tool(usage).run(["--help"]) == 0)
        for command in ["serve", "new", "import", "check"] {
            #expect(usage.out.contains("  \(command) "), "\(command)")
        }
    }
}

/// A value set from another thread.
final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int { lock.withLock { stored } }
    func set(_ value: Int) { lock.withLock { stored = value } }
}
