import Testing
import GallerySupport

/// `DiagnosticDigest`: errors first, the content's warnings before advice, the first few of a kind
/// in full and the rest counted, whatever order the threads hand them in.
@Suite struct DiagnosticDigestTests {
    static let picture = DiagnosticTopic("picture", file: "recipe without a picture", files: "recipes without a picture", isAdvice: true)

    static func noPicture(_ number: Int) -> Diagnostic {
        .warning("no picture", path: "recipes/r\(1000 + number).md", line: 1, column: 1, topic: picture)
    }

    @Test func aLongListOfOneKindShowsTheFirstThreeInFileOrderAndCountsTheRest() {
        let digest = DiagnosticDigest()
        // Handed in backwards, as threads may: the three kept are still the first files.
        for number in (0..<2453).reversed() { digest.append(Self.noPicture(number)) }
        let told = digest.sorted
        #expect(told.map(\.path) == ["recipes/r1000.md", "recipes/r1001.md", "recipes/r1002.md", ""])
        #expect(told.last?.description == "note: and 2,450 more recipes without a picture; `gallerygen check --warnings all` lists them")
        #expect(digest.warningCount == 2453)
    }

    @Test func contentWarningsComeBeforeAdviceAndErrorsBeforeBoth() {
        let digest = DiagnosticDigest()
        digest.append(Self.noPicture(0))
        digest.append(.warning("unknown key 'colour' in the front matter (ignored)", path: "recipes/z.md", line: 4, column: 1))
        digest.append(.error("bad YAML", path: "recipes/zz.md", line: 2, column: 3))
        #expect(digest.sorted.map(\.path) == ["recipes/zz.md", "recipes/z.md", "recipes/r1000.md"])
        #expect(digest.hasErrors)
    }

    @Test func aBuildCountsAdviceInOneLineAndKeepsNoneOfIt() {
        let digest = DiagnosticDigest(listsAdvice: false)
        for number in 0..<100 { digest.append(Self.noPicture(number)) }
        digest.append(.warning("unknown key 'colour' in the front matter (ignored)", path: "recipes/z.md", line: 4, column: 1))
        #expect(digest.sorted.map(\.description) == [
            "recipes/z.md:4:1: warning: unknown key 'colour' in the front matter (ignored)",
            "warning: Google's recipe rich results: 100 recipes without a picture; `gallerygen check` lists them",
        ])
        #expect(digest.warningCount == 101)
    }

    @Test func theSameMessageInManyFilesIsGroupedAndAllListsEveryOne() {
        let grouped = DiagnosticDigest()
        let all = DiagnosticDigest(detail: .all)
        for number in 0..<5 {
            let warning = Diagnostic.warning("unknown key 'colour' (ignored)", path: "recipes/r\(number).md", line: 3, column: 1)
            grouped.append(warning)
            all.append(warning)
        }
        #expect(grouped.sorted.count == 4)
        #expect(grouped.sorted.last?.message == "and 2 more with the same message; `gallerygen check --warnings all` lists them")
        #expect(all.sorted.count == 5)
    }
}
