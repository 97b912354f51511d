import Foundation
import GallerySupport

extension OutputWriter.Staging {
    /// An incremental build's commit: the staging folder holds only the files that changed. Each
    /// goes over its namesake by an atomic rename and the files in `removed` go, under a journal
    /// written once everything is staged, so a build killed at any point leaves either the
    /// previous site (before the journal) or a journal the next build finishes (after it), never
    /// a file half written. `paths` is every file of the new site, for the manifest.
    package func commitChanges(paths: [String], removed: [String], fingerprints: [String: Fingerprint]) throws(Diagnostic) {
        writer.checkpoint(.beforeSwap)
        if writer.isCancelled() {
            discard()
            throw BuildCancellation.interrupted(output: writer.displayPath)
        }
        let root = writer.root
        let staged = written.sorted
        guard case .files(let owned) = session.ownership else {
            discard()
            throw .error("an incremental build needs the file list of a previous build (\(OutputWriter.markerName)); build in full first", path: writer.displayPath)
        }
        // A new file must not replace one that gallerygen did not write.
        if let clash = staged.first(where: { !owned.contains($0) && Self.exists(root.path + "/" + $0) }) {
            discard()
            throw .error("gallerygen did not write this file, and the new site has one of the same name; move it out of the output folder", path: writer.displayPath + "/" + clash)
        }
        do {
            try writeMarker(paths: paths, fingerprints: fingerprints)
        } catch {
            discard()
            throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
        }
        let journal = SwapJournal(incoming: [], outgoing: [], puts: staged + [OutputWriter.markerName],
                                  drops: removed.sorted())
        do {
            try journal.write(in: root)
            try journal.finish(in: root, checkpoint: writer.checkpoint)
        } catch {
            throw .error("cannot move the new output into place (the next build finishes it): \(error.localizedDescription)", path: writer.displayPath)
        }
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
