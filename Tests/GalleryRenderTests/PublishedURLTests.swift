import Testing
@testable import GalleryRender

/// A page's absolute address is the base and the page's folder, percent-encoded; a folder that
/// needs no encoding is written from the bytes in one go (`PublishedURL.page`), the others as
/// before, and both give the same addresses.
@Suite struct PublishedURLTests {
    let published = PublishedURL(base: "https://example.com/bar")

    @Test func aPagesAddressIsItsFolderUnderTheBaseEncodedWhereItMustBe() {
        let addresses = [
            "index.html": "https://example.com/bar/",
            "recipes/negroni/index.html": "https://example.com/bar/recipes/negroni/",
            "page/2/index.html": "https://example.com/bar/page/2/",
            "fr/index.html": "https://example.com/bar/fr/",
            "recipes/a~b_c.d-e/index.html": "https://example.com/bar/recipes/a~b_c.d-e/",
            // Not a folder's index page: the file itself.
            "xindex.html": "https://example.com/bar/xindex.html",
            "404.html": "https://example.com/bar/404.html",
            "recipes/negroni/index.htm": "https://example.com/bar/recipes/negroni/index.htm",
            // Encoded: a space, a sign, a letter beyond ASCII (its UTF-8 bytes).
            "tags/summer drinks/index.html": "https://example.com/bar/tags/summer%20drinks/",
            "recipes/50%/index.html": "https://example.com/bar/recipes/50%25/",
            "recipes/café/index.html": "https://example.com/bar/recipes/caf%C3%A9/",
            "tags/a+b/xindex.html": "https://example.com/bar/tags/a%2Bb/xindex.html",
        ]
        for (path, address) in addresses {
            #expect(published.page(path) == address, "\(path)")
        }
        #expect(PublishedURL(base: "/").page("recipes/negroni/index.html") == "/recipes/negroni/")
    }
}
