import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages

/// The image pipeline end to end: bad input, the cache, determinism, renditions and placeholders.
@Suite struct ImagePipelineTests {
    // MARK: Bad input: each a located error naming the recipe and the image, nothing written.

    func expectError(_ containing: String, image: String, data: Data?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        if let data { try site.addImage(image, data) }
        try site.addRecipe("sour", image: image)
        let errors = site.errors()
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        let message = errors.first ?? ""
        #expect(message.hasPrefix("site/recipes/sour.md:3:1: error: image '\(image)'"), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains(containing), "\(message)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: site.output.path), sourceLocation: sourceLocation)
    }

    @Test func missingImageIsAnError() throws {
        try expectError("not found", image: "images/missing.jpg", data: nil)
    }

    @Test func truncatedJPEGIsAnError() throws {
        let jpeg = try ImageFixture.jpeg(width: 200, height: 150)
        try expectError("cannot be decoded", image: "images/cut.jpg", data: jpeg.prefix(jpeg.count / 2))
    }

    @Test func corruptPNGIsAnError() throws {
        var png = try ImageFixture.png(width: 200, height: 150)
        // Keep the signature and IHDR, scramble the compressed pixels.
        for index in 60..<png.count - 20 { png[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try expectError("cannot be decoded", image: "images/garbled.png", data: png)
    }

    @Test func textFileWithAnImageNameIsAnError() throws {
        try expectError("not a JPEG, PNG, GIF, WebP or SVG image", image: "images/notes.jpg", data: Data("shopping list\n".utf8))
    }

    @Test func emptyFileIsAnError() throws {
        try expectError("empty", image: "images/empty.png", data: Data())
    }

    @Test func imageOverThePixelLimitIsRefusedFromItsHeader() throws {
        // Only a header: the limit is checked before any decoding is attempted.
        try expectError("above the limit of 100 megapixels", image: "images/bomb.png", data: ImageFixture.pngHeader(width: 20_000, height: 20_000))
    }

    @Test func symbolicLinkLeavingTheSiteIsAnError() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.temporary.write("outside/secret.jpg", try ImageFixture.jpeg())
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("images/escape.jpg"),
                                                   withDestinationURL: site.temporary.url.appendingPathComponent("outside/secret.jpg"))
        try site.addRecipe("sour", image: "images/escape.jpg")
        let errors = site.errors()
        #expect(errors == ["site/recipes/sour.md:3:1: error: image 'images/escape.jpg' leads outside the site folder (through a symbolic link)"])
    }

    @Test func everyBadImageIsReportedInOneBuild() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        let jpeg = try ImageFixture.jpeg(width: 200, height: 150)
        try site.addImage("images/good.jpg", jpeg)
        try site.addImage("images/cut.jpg", jpeg.prefix(jpeg.count / 3))
        try site.addImage("images/empty.jpg", Data())
        try site.addRecipe("a-good", image: "images/good.jpg")
        try site.addRecipe("b-cut", image: "images/cut.jpg")
        try site.addRecipe("c-empty", image: "images/empty.jpg")
        try site.addRecipe("d-missing", image: "images/missing.jpg")
        let errors = site.errors()
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("site/recipes/c-empty.md") })
        #expect(errors.contains { $0.hasPrefix("site/recipes/d-missing.md") })
    }

    @Test func brokenImageLeavesThePreviousOutputAlone() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        let jpeg = try ImageFixture.jpeg(width: 200, height: 150)
        try site.addImage("images/drink.jpg", jpeg)
        try site.addRecipe("sour", image: "images/drink.jpg")
        _ = try site.build()
        let before = treeContents(site.output)
        try site.addImage("images/drink.jpg", jpeg.prefix(jpeg.count / 2))
        #expect(site.errors().count == 1)
        #expect(treeContents(site.output) == before)
    }

    // MARK: Cache and determinism

    @Test func secondBuildProcessesNoImage() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/drink.jpg", try ImageFixture.jpeg())
        try site.addImage("images/glass.png", try ImageFixture.png())
        try site.addRecipe("a", image: "images/drink.jpg")
        try site.addRecipe("b", image: "images/glass.png")
        let first = try site.build()
        #expect(first.imagesProcessed == 2 && first.imagesFromCache == 0)
        let second = try site.build()
        #expect(second.imagesProcessed == 0 && second.imagesFromCache == 2)
    }

    @Test func changedImageIsProcessedAgainAndItsOldEntryPruned() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/drink.jpg", try ImageFixture.jpeg(width: 120, height: 90))
        try site.addRecipe("a", image: "images/drink.jpg")
        _ = try site.build()
        let cache = ImagePipeline.cacheDirectory(siteDirectory: site.root)
        func entries() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 64 })
        }
        let before = try entries()
        try site.addImage("images/drink.jpg", try ImageFixture.jpeg(width: 100, height: 90))
        let report = try site.build()
        #expect(report.imagesProcessed == 1)
        let after = try entries()
        #expect(after.count == 1 && before.count == 1 && after != before)
    }

    @Test func sameInputGivesSameImageBytes() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/drink.jpg", try ImageFixture.jpeg())
        try site.addRecipe("a", image: "images/drink.jpg")
        let one = site.temporary.url.appendingPathComponent("one")
        let two = site.temporary.url.appendingPathComponent("two")
        _ = try site.build(output: one, jobs: 2)
        try FileManager.default.removeItem(at: ImagePipeline.cacheDirectory(siteDirectory: site.root))
        _ = try site.build(output: two, jobs: 1)
        let first = treeContents(one)
        #expect(first.keys.contains { $0.hasSuffix(".webp") })
        #expect(first == treeContents(two))
    }

    // MARK: What comes out

    @Test func renditionsAreWebPAndJPEGWithPlaceholderAndCrops() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/drink.jpg", try ImageFixture.jpeg(width: 600, height: 450))
        try site.addRecipe("sour", image: "images/drink.jpg")
        _ = try site.build()
        let files = treeContents(site.output).keys.filter { $0.hasPrefix("images/") }.sorted()
        #expect(!files.contains("images/drink.jpg"), "the original is not published")
        #expect(files.contains { $0.hasSuffix(".webp") } && files.contains { $0.hasSuffix("-16x9.jpg") })
        let page = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<source type=\"image/webp\" srcset=\"images/drink-"))
        #expect(page.contains("background:#"))
        let preview = page.range(of: "data:image/webp;base64,[A-Za-z0-9+/=]+", options: .regularExpression).map { page[$0] } ?? ""
        #expect(preview.count > 30 && preview.count < 500, "preview of \(preview.count) characters")
        let recipe = try String(contentsOf: site.output.appendingPathComponent("recipes/sour/index.html"), encoding: .utf8)
        #expect(recipe.contains("drink-") && recipe.contains("-1x1.jpg"))
    }

    @Test func exifOrientationIsApplied() throws {
        let data = try ImageFixture.rotatedJPEG(width: 160, height: 100)
        guard case .success(let info) = ImageProbe.probe(data) else { Issue.record("probe failed"); return }
        #expect(info.width == 100 && info.height == 160)
        let (image, files) = try ImageProcessor(encoding: ImageEncoding()).process(data, info: info, widths: [100], baseName: "r")
        #expect(image.renditions.allSatisfy { $0.width == 100 && $0.height == 160 })
        #expect(Set(files.keys) == Set(image.paths.map { ($0 as NSString).lastPathComponent }))
        #expect(files.keys.contains("r-100.webp") && files.keys.contains("r-100.jpg"))
    }

    @Test func transparentImageGetsNoPlaceholder() throws {
        let data = try ImageFixture.png(width: 80, height: 80, alpha: true)
        let info = ImageInfo(width: 80, height: 80, format: .png)
        let (image, _) = try ImageProcessor(encoding: ImageEncoding()).process(data, info: info, widths: [80], baseName: "t")
        #expect(image.placeholderColor == nil && image.placeholderPreview == nil)
    }

    @Test func vectorImageIsServedSanitisedWithColourAndCrops() throws {
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"500\"><rect width=\"400\" height=\"500\" fill=\"#336699\"/></svg>".utf8)
        let info = ImageInfo(width: 400, height: 500, format: .svg)
        let (image, files) = try ImageProcessor(encoding: ImageEncoding()).process(svg, info: info, widths: [], baseName: "v")
        #expect(files["v.svg"] == svg + Data("\n".utf8) && image.renditions.isEmpty && image.vectorPath == "images/v.svg")
        #expect(image.placeholderColor == "#336699")
        if Vips.canLoadSVG {
            #expect(image.crops.map(\.aspect) == ["16x9", "4x3", "1x1"])
            #expect(image.crops.allSatisfy { $0.width * $0.height >= 50_000 })
        }
    }

    @Test func remoteImageUsesFrontMatterSize() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addRecipe("far", image: "https://example.org/far.jpg", extra: "image_width: 800\nimage_height: 600\n")
        try site.addRecipe("square", image: "https://example.org/square.jpg")
        _ = try site.build()
        let page = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("src=\"https://example.org/far.jpg\" alt=\"Far\" width=\"800\" height=\"600\""))
        #expect(page.contains("src=\"https://example.org/square.jpg\" alt=\"Square\" width=\"1200\" height=\"1200\""))
    }
}
