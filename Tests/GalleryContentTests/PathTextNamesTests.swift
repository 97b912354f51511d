import Foundation
import Testing
import GallerySupport

/// The path names content files are known by, read from the bytes (`pathLastComponent`).
extension PathTextTests {
    static let paths = ["recipes/mojito.md", "mojito.md", "recipes/mojito.fr.md", "pages/a/b/about.md", "recipes/x..md",
                        "recipes/abc.", "recipes/.hidden.md", ".md", "recipes/", "recipes//mojito.md", "/", "", "..", "a/..",
                        "recipes/noextension", "recipes/café.md", "recipes/a.\u{301}md", "recipes/日本.md", "./mojito.md",
                        "a/b.c/d", "a.b/c", "/abs/path.txt", "name.tar.gz"]

    @Test func lastComponentIsWhatNSStringGives() {
        for path in Self.paths {
            #expect(path.pathLastComponent == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    @Test func deletingTheExtensionIsWhatNSStringGives() {
        for path in Self.paths {
            let name = path.pathLastComponent
            #expect(name.pathDeletingExtension == (name as NSString).deletingPathExtension, "\(name)")
            #expect(path.pathDeletingExtension == (path as NSString).deletingPathExtension, "\(path)")
        }
    }
}

/// The folders an output path sits in (`parentFolders`), which the writer makes before the file.
extension PathTextTests {
    @Test func parentFoldersAreEveryFolderAPathSitsInInnermostFirst() {
        #expect("recipes/mojito/index.html".parentFolders == ["recipes/mojito", "recipes"])
        #expect("index.html".parentFolders == [])
        #expect("".parentFolders == [])
        #expect("a/b/c/d.css".parentFolders == ["a/b/c", "a/b", "a"])
        #expect("fr/recettes/crème-brûlée/index.html".parentFolders == ["fr/recettes/crème-brûlée", "fr/recettes", "fr"])
        #expect("日本/レシピ/index.html".parentFolders == ["日本/レシピ", "日本"])
    }

    /// A slash followed by a combining mark is still a slash to the file system, though as
    /// `Character`s the two make one grapheme cluster.
    @Test func aSlashBeforeACombiningMarkStillSeparatesFolders() {
        #expect("a/\u{301}b/c.html".parentFolders == ["a/\u{301}b", "a"])
    }
}
