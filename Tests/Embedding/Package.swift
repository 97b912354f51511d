// swift-tools-version:6.0
// A program that embeds gallerygen's libraries, as another package would: it depends on the
// checkout by path, so SwiftPM checks that GalleryKit and GalleryLayout can be depended upon (no
// unsafe flags) and that their public surface is enough to build a site and lay out a gallery.
// `make test` builds and runs it (target `embedding-test`).
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL

let package = Package(
    name: "Embedding",
    dependencies: [.package(path: checkout.path)],
    targets: [
        .executableTarget(
            name: "embed-gallerygen",
            dependencies: [
                .product(name: "GalleryKit", package: checkout.lastPathComponent),
                .product(name: "GalleryLayout", package: checkout.lastPathComponent),
            ],
            path: "Sources"
        ),
    ]
)
