import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport

/// Finds two files of a build that claim one output path (or a file where another needs a folder):
/// a page whose address is a recipe's, a tag's or a generated file's, a static file that would
/// replace a generated one. Each is an error naming both files, reported on the page or static
/// file, since that is the one to rename.
struct OutputCollisions {
    /// Who claims an output path.
    enum Claimant: Hashable {
        case staticFile(StaticFile)
        case page(Page)
        case other(FileOrigin)

        /// Static files give way first, then pages: the error goes to the one to rename.
        var rank: Int {
            switch self {
            case .staticFile: 0
            case .page: 1
            case .other: 2
            }
        }
    }

    struct Claim: Hashable {
        var path: String
        var claimant: Claimant
    }

    /// Only a static file or a page is ever to blame, so only the claims that can clash with one
    /// are kept: those at a static file's or page's path or at one of its folders. A large site's
    /// hundred thousand other paths pass through `consider` and are let go.
    private var claims: [Claim] = []
    /// The static files' and pages' paths, and their folders.
    private let interesting: Set<String>
    /// For each interesting path, the first claim (in order) of a file inside it as a folder.
    private var folders: [String: Claim] = [:]
    /// Turns a site-relative path into the form diagnostics use.
    var displayPath: (String) -> String


    /// Keeps `claim` if it can clash with a static file or a page, and notes the folders it needs.
    private mutating func consider(_ claim: Claim) {
        consider(claim.path) { claim.claimant }
    }

    /// The same, with the claimant made only for a path that can clash: at 10,000 recipes, naming
    /// every page's origin on each rebuild cost more than checking.
    private mutating func consider(_ path: String, claimant: () -> Claimant) {
        var claim: Claim?
        if interesting.contains(path) {
            claim = Claim(path: path, claimant: claimant())
            claims.append(claim!)
        }
        // A site without pages or static files has nothing a path could clash with.
        guard !interesting.isEmpty else { return }
        path.forEachParentFolder { name in
            if interesting.contains(name), folders[name] == nil {
                claim = claim ?? Claim(path: path, claimant: claimant())
                folders[name] = claim
            }
        }
    }

    /// Every file of every page kind of `plans` (the default language's tree first, then the
    /// other languages', under their folders), and the theme's assets.
    init(plans: [PagePlan], displayPath: @escaping (String) -> String) {
        self.displayPath = displayPath
        let pageKind = PageRenderer.kinds.firstIndex { $0 is ContentPage }
        let renderer = plans[0]
        let blameable = plans.flatMap { tree in tree.site.pages.map { tree.site.treePrefix + ContentPage.path(of: $0) } }
            + renderer.site.staticFiles.map(\.path)
        interesting = Set(blameable + blameable.flatMap(\.parentFolders))
        for tree in plans {
            for (kind, index) in tree.files {
                let path = tree.site.treePrefix + PageRenderer.kinds[kind].path(index, in: tree)
                consider(path) {
                    kind == pageKind ? .page(tree.site.pages[index]) : .other(PageRenderer.kinds[kind].origin(index, in: tree))
                }
            }
        }
        for name in renderer.theme.assets.keys.sorted() {
            consider(Claim(path: "assets/" + name, claimant: .other(.generated("the theme's asset"))))
        }
        if let background = renderer.site.config.gallery.backgroundImage {
            consider(Claim(path: AssetPaths.image(background), claimant: .other(.generated("the gallery's background picture"))))
        }
        // gallerygen's own files in the output folder: the manifest, the lock, the swap's folders.
        for name in [OutputWriter.markerName, OutputLock.fileName, SwapJournal.fileName, SwapJournal.fileName + ".tmp",
                     SwapJournal.stagingName, SwapJournal.trashName] {
            consider(Claim(path: name, claimant: .other(.generated("gallerygen's own working file"))))
        }
        for file in renderer.site.staticFiles { consider(Claim(path: file.path, claimant: .staticFile(file))) }
    }

    /// Adds files made later (the pictures' renditions).
    mutating func add(_ files: [OutputFile], origin: FileOrigin) {
        for file in files { consider(Claim(path: file.path, claimant: .other(origin))) }
    }

    /// One error per clash that involves a page or a static file, sorted.
    var diagnostics: [Diagnostic] {
        var byPath: [String: [Claim]] = [:]
        for claim in claims {
            byPath[claim.path, default: []].append(claim)
        }
        var log = DiagnosticLog()
        var reported = Set<Diagnostic>()
        func report(_ a: Claim, _ b: Claim, folder: Bool) {
            let (culprit, other) = a.claimant.rank <= b.claimant.rank ? (a, b) : (b, a)
            guard culprit.claimant.rank < 2, let diagnostic = message(culprit, other, folder: folder),
                  reported.insert(diagnostic).inserted else { return }
            log.append(diagnostic)
        }
        for (_, list) in byPath where list.count > 1 {
            for other in list.dropFirst() { report(list[0], other, folder: false) }
        }
        for claim in claims {
            if let inside = folders[claim.path] { report(claim, inside, folder: true) }
        }
        return log.sorted
    }

    private func message(_ culprit: Claim, _ other: Claim, folder: Bool) -> Diagnostic? {
        let otherText: String
        switch other.claimant {
        case .staticFile(let file): otherText = "the static file \(displayPath(file.sourcePath))"
        case .page(let page): otherText = "the page \(displayPath(page.sourcePath))"
        case .other(.source(let path, let what)): otherText = "\(what) \(displayPath(path))"
        case .other(.generated(let what)):
            otherText = what == other.path ? "\(other.path), which gallerygen writes" : "\(other.path) (\(what)), which gallerygen writes"
        }
        let clash = folder ? "needs a folder where \(otherText) has \(other.path)" : "is taken by \(otherText)"
        switch culprit.claimant {
        case .staticFile(let file):
            let text = folder
                ? "the static file '\(file.path)' is in the way of \(otherText): \(other.path) needs a folder there; rename or remove one of them"
                : "the static file '\(file.path)' would replace \(otherText); rename or remove one of them"
            return .error(text, path: displayPath(file.sourcePath), line: 1, column: 1)
        case .page(let page):
            return .error("the page's address \(culprit.path) \(clash): rename the page",
                          path: displayPath(page.sourcePath), line: 1, column: 1)
        case .other:
            return nil
        }
    }
}
