import Testing
@testable import GalleryRender

/// Relative URLs in HTML written for one page, moved to reach the same files from another page
/// (a cookbook) or from the site's address (the feed).
struct HTMLURLRebasingTests {
    /// A recipe's body is written for its own page: its relative links reach the same files from a book.
    @Test func relativeURLsReachTheSameFilesFromAnotherPage() {
        let html = ##"<p><a href="../sidecar/">S</a> <a href="#notes">N</a> <a href="https://x.org/a">X</a> <a href="mailto:a@b.c">M</a></p>"##
            + #"<img src="../../images/a-640.jpg" srcset="../../images/a-320.jpg 320w, ../../images/a-640.jpg 640w"><a href="../../../x">out</a>"#
        #expect(HTMLURLRebasing.rebase(html, from: "recipes/gimlet/index.html", to: "cookbook/index.html")
                == ##"<p><a href="../recipes/sidecar/">S</a> <a href="#notes">N</a> <a href="https://x.org/a">X</a> <a href="mailto:a@b.c">M</a></p>"##
                + #"<img src="../images/a-640.jpg" srcset="../images/a-320.jpg 320w, ../images/a-640.jpg 640w"><a href="../../../x">out</a>"#)
        // A tag's book, and a language tree's (its pictures are at the output's root).
        #expect(HTMLURLRebasing.rebase(##"<a href="../sidecar/?q=1#top">"##, from: "recipes/gimlet/index.html", to: "tags/gin/cookbook/index.html")
                == ##"<a href="../../../recipes/sidecar/?q=1#top">"##)
        #expect(HTMLURLRebasing.rebase(#"<img src="../../../images/a.svg">"#, from: "fr/recipes/gimlet/index.html", to: "fr/cookbook/index.html")
                == #"<img src="../../images/a.svg">"#)
    }

    /// Against an absolute root (the feed's), every relative URL becomes absolute; a root-relative
    /// one, a fragment, another scheme and one that leaves the output stay as they are.
    @Test func relativeURLsBecomeAbsoluteAgainstTheSitesAddress() {
        let root = "https://example.com/bar/"
        #expect(HTMLURLRebasing.rebase(##"<a href="../sidecar/#method">S</a><a href="./notes.html">N</a>"##, from: "recipes/gimlet/index.html", root: root)
                == ##"<a href="https://example.com/bar/recipes/sidecar/#method">S</a><a href="https://example.com/bar/recipes/gimlet/notes.html">N</a>"##)
        #expect(HTMLURLRebasing.rebase(#"<img src="../../images/a-320.jpg" srcset="../../images/a-320.jpg 320w, ../../images/a-640.jpg 640w">"#,
                                       from: "recipes/gimlet/index.html", root: root)
                == #"<img src="https://example.com/bar/images/a-320.jpg" srcset="https://example.com/bar/images/a-320.jpg 320w, https://example.com/bar/images/a-640.jpg 640w">"#)
        let kept = ##"<a href="/about/">A</a><a href="#top">T</a><a href="tel:123">P</a><a href="../../../x">X</a>"##
        #expect(HTMLURLRebasing.rebase(kept, from: "recipes/gimlet/index.html", root: root) == kept)
    }

    /// Text with no attribute is returned as it is; an attribute is `="`, nothing else.
    @Test func textWithoutAnAttributeIsLeftAsItIs() {
        #expect(HTMLURLRebasing.hasQuotedAttribute(#"<p>Ré<a href="x">"#))
        #expect(!HTMLURLRebasing.hasQuotedAttribute(#"<p>Stir = "well", é</p>"#))
        #expect(!HTMLURLRebasing.hasQuotedAttribute(""))
        #expect(HTMLURLRebasing.rebase("<p>Stir until cold.</p>", from: "recipes/gimlet/index.html", to: "cookbook/index.html")
                == "<p>Stir until cold.</p>")
    }
}
