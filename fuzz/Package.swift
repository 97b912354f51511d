// swift-tools-version:6.0
// libFuzzer targets for gallerygen's parsers, kept out of the main package so a plain `swift build`
// never needs the fuzzer runtime. `make fuzz` builds them with `-sanitize=fuzzer,address` and runs
// each in turn (see the README).
import PackageDescription

let galleryKit = Target.Dependency.product(name: "GalleryKit", package: "gallerygen")

let package = Package(
    name: "gallerygen-fuzz",
    dependencies: [.package(name: "gallerygen", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["FuzzSupport", galleryKit]),
        .executableTarget(name: "FuzzSiteConfig", dependencies: ["FuzzSupport", galleryKit]),
        // Mustache is reached through GalleryKit, which re-uses it; the main package has no product for it.
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzSupport", galleryKit]),
        .executableTarget(name: "FuzzPlistImport", dependencies: ["FuzzSupport", galleryKit]),
        .executableTarget(name: "FuzzSVGSanitizer", dependencies: ["FuzzSupport", galleryKit]),
    ]
)
