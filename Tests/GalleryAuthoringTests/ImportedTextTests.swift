import Foundation
import Testing
@testable import GalleryAuthoring

/// Foreign text cleaned as a cook expects: entities and tags gone, links kept in Markdown.
@Suite struct ImportedTextTests {
    @Test func entitiesAreDecodedAlsoWhenEncodedTwice() {
        #expect(ImportedText.plain("Salt &amp;amp; pepper") == "Salt & pepper")
        #expect(ImportedText.plain("Grandma&#39;s &#x2019;best&rsquo; 180&deg;C") == "Grandma's ’best’ 180°C")
        #expect(ImportedText.plain("&unknown; & &#0; stay") == "&unknown; & &#0; stay")
    }

    @Test func tagsAreRemovedAndScriptsWithTheirText() {
        #expect(ImportedText.plain("<p>Three <b>ingredients</b>,<br>no oven.</p><script>alert(1)</script>") == "Three ingredients, no oven.")
        #expect(ImportedText.plain("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
        #expect(ImportedText.lines("<ol><li>Mix.</li><li>Bake.</li></ol>") == ["Mix.", "Bake."])
    }

    @Test func linksBecomeMarkdownLinksAndTheRestIsEscaped() {
        #expect(ImportedText.markdown("2 <a href=\"https://x.example/limes\">limes</a>, juiced") == "2 [limes](https://x.example/limes), juiced")
        #expect(ImportedText.markdown("<a href='javascript:alert(1)'>bad</a> *not bold*") == "bad \\*not bold\\*")
        #expect(ImportedText.markdown("<a href=\"https://x.example/a (b)\">a</a>") == "[a](https://x.example/a%20%28b%29)")
    }
}

/// Times as other formats write them.
@Suite struct ImportedDurationTests {
    @Test func iso8601BareMinutesAndFreeText() {
        #expect(ImportedDuration.seconds("PT1H15M") == 4500)
        #expect(ImportedDuration.seconds("P0DT0H20M") == 1200)
        #expect(ImportedDuration.seconds("PT0.25H") == 900)
        #expect(ImportedDuration.seconds("P1DT2H") == 93_600)
        #expect(ImportedDuration.seconds("20") == 1200)
        #expect(ImportedDuration.seconds("1 hr 15 mins") == 4500)
        #expect(ImportedDuration.seconds("about 1 hour and 5 minutes") == 3900)
        #expect(ImportedDuration.seconds("1:30") == 5400)
        #expect(ImportedDuration.seconds("PT0H0M0S") == nil)
        #expect(ImportedDuration.seconds("P1M") == nil, "months have no fixed length")
        #expect(ImportedDuration.seconds("overnight") == nil)
        #expect(ImportedDuration.text(4500) == "1 h 15 min")
    }
}
