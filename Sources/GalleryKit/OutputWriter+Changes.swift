import Foundation
import GallerySupport

extension OutputWriter.Staging {
    /// An incremental build's commit: the staging folder holds only the files that changed. Each
    /// goes over its namesake by an atomic rename and the files in `removed` go, under a journal
    /// written once everything is staged, so a build killed at any point leaves either the
    /// previous site (before the journal) or a journal the next build finishes (after it), never
    /// a file half written. `paths` is every file of the new site, for the manifest.
    package func commitChanges(paths: [String], removed: [String], fingerprints: [String: Fingerprint]) throws(Diagnostic) {
        try beginCommit()
        let root = writer.root
        let staged = written.sorted
        guard case .files(let owned) = session.ownership else {
            discard()
            throw .error("an incremental build needs the file list of a previous build (\(OutputWriter.markerName)); build in full first", path: writer.displayPath)
        }
        try refuseToReplace(staged.first(where: { !owned.contains($0) && Self.exists(root.path + "/" + $0) }))
        try stageMarker(paths: paths, fingerprints: fingerprints)
        try swap(SwapJournal(incoming: [], outgoing: [], puts: staged + [OutputWriter.markerName], drops: removed.sorted()))
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
