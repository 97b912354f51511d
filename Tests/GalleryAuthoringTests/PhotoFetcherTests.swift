import Foundation
import Testing
@testable import GalleryAuthoring

/// Downloads from a server on 127.0.0.1: the size cap holds while the photo streams in.
@Suite struct PhotoFetcherTests {
    @Test func aPhotoThatNeverEndsIsStoppedAtTheCapWhileItStreams() throws {
        let server = try PhotoServer(["/endless.jpg": .init(contentType: "image/jpeg", body: Data(count: 64 * 1024), endless: true)])
        defer { server.stop() }
        var fetcher = PhotoFetcher()
        fetcher.maximumBytes = 1024 * 1024
        fetcher.timeout = 20
        let start = Date()
        let outcome = fetcher.fetch(server.url("/endless.jpg"))
        guard case .failed(let reason) = outcome else {
            Issue.record("an endless photo was taken")
            return
        }
        #expect(reason == "it is over the 1 MB an imported photo may have")
        // Reading to the end (or to the timeout) would take the 20 seconds; the cap stops it at 1 MB.
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aContentLengthOverTheCapIsRefusedBeforeTheBody() throws {
        let server = try PhotoServer(["/big.png": .init(contentType: "image/png", body: Data(count: 3 * 1024 * 1024)),
                                      "/small.png": .init(contentType: "image/png", body: Data(count: 1000)),
                                      "/page.html": .init(contentType: "text/html", body: Data("<html>".utf8))])
        defer { server.stop() }
        var fetcher = PhotoFetcher()
        fetcher.maximumBytes = 2 * 1024 * 1024
        guard case .failed(let reason) = fetcher.fetch(server.url("/big.png")) else {
            Issue.record("a 3 MB photo was taken under a 2 MB cap")
            return
        }
        #expect(reason == "it is over the 2 MB an imported photo may have")
        guard case .photo(let data) = fetcher.fetch(server.url("/small.png")) else {
            Issue.record("a small photo was refused")
            return
        }
        #expect(data.count == 1000)
        guard case .failed(let notPicture) = fetcher.fetch(server.url("/page.html")) else {
            Issue.record("a page was taken as a photo")
            return
        }
        #expect(notPicture == "the server sent 'text/html', not a picture")
    }

    @Test func aRedirectIsFollowedToThePhoto() throws {
        let server = try PhotoServer(["/moved.jpg": .init(status: 302, contentType: "text/html", body: Data("moved".utf8), location: "/photo.jpg"),
                                      "/photo.jpg": .init(contentType: "image/jpeg", body: Data(repeating: 7, count: 500))])
        defer { server.stop() }
        guard case .photo(let data) = PhotoFetcher().fetch(server.url("/moved.jpg")) else {
            Issue.record("a redirect was not followed")
            return
        }
        #expect(data == Data(repeating: 7, count: 500))
        #expect(server.requested == ["/moved.jpg", "/photo.jpg"])
    }

    @Test func aRedirectToAnotherSchemeIsNotFollowed() throws {
        let server = try PhotoServer(["/elsewhere.jpg": .init(status: 302, contentType: "text/html", body: Data(), location: "file:///etc/passwd")])
        defer { server.stop() }
        guard case .failed(let reason) = PhotoFetcher().fetch(server.url("/elsewhere.jpg")) else {
            Issue.record("a redirect to a file was followed")
            return
        }
        #expect(reason.hasPrefix("cannot download it: "))
    }

    @Test func anAddressWhereNothingListensGivesTheReason() throws {
        // A port that was free a moment ago: nothing answers there.
        let server = try PhotoServer([:])
        let address = server.url("/photo.jpg")
        server.stop()
        guard case .failed(let reason) = PhotoFetcher().fetch(address) else {
            Issue.record("a photo came from nowhere")
            return
        }
        #expect(reason.hasPrefix("cannot download it: "))
        #expect(reason.count > "cannot download it: ".count)
    }

    @Test func anAnswerOtherThan200NamesItsStatus() throws {
        let server = try PhotoServer([:])
        defer { server.stop() }
        guard case .failed(let reason) = PhotoFetcher().fetch(server.url("/missing.jpg")) else {
            Issue.record("a 404 was taken as a photo")
            return
        }
        #expect(reason == "the server answered 404")
    }
}
