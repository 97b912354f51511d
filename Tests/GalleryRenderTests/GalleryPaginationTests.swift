import Testing
@testable import GalleryRender

@Suite struct GalleryPaginationTests {
    @Test func theBarLinksAWindowOfFivePagesAroundTheCurrentOne() {
        #expect(PageRenderer.pageWindow(current: 1, count: 17) == 1...5)
        #expect(PageRenderer.pageWindow(current: 9, count: 17) == 7...11)
        #expect(PageRenderer.pageWindow(current: 17, count: 17) == 13...17)
        #expect(PageRenderer.pageWindow(current: 16, count: 17) == 13...17)
        #expect(PageRenderer.pageWindow(current: 2, count: 3) == 1...3)
    }
}
