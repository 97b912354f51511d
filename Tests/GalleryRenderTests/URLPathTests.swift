import Testing
@testable import GalleryRender

struct URLPathTests {
    /// One "../" per folder the page is in, empty parts not counted, in any script.
    @Test func rootClimbsOneLevelPerFolder() {
        #expect(URLPath.root(from: "index.html") == "")
        #expect(URLPath.root(from: "recipes/mojito/index.html") == "../../")
        #expect(URLPath.root(from: "/tags//sours/index.html/") == "../../")
        #expect(URLPath.root(from: "recipes/カレー/index.html") == "../../")
        // A combining mark after a slash makes one character of both: no folder ends there.
        #expect(URLPath.root(from: "recipes/\u{301}x/index.html") == "../")
    }
}
