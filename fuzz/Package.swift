// swift-tools-version:6.0
// libFuzzer targets for gallerygen's parsers, kept out of the main package so a plain `swift build`
// never needs the fuzzer runtime. Build with `make fuzz` (see the README), which passes
// `-Xswiftc -sanitize=fuzzer,address`; each target exports `LLVMFuzzerTestOneInput` and libFuzzer
// supplies `main`.
import PackageDescription

let package = Package(
    name: "gallerygen-fuzz",
    dependencies: [.package(name: "gallerygen", path: "..")],
    targets: [
        .executableTarget(name: "FuzzFrontMatter", dependencies: [.product(name: "GalleryKit", package: "gallerygen")]),
        .executableTarget(name: "FuzzSiteConfig", dependencies: [.product(name: "GalleryKit", package: "gallerygen")]),
        .executableTarget(name: "FuzzTemplate", dependencies: [.product(name: "GalleryKit", package: "gallerygen")]),
        .executableTarget(name: "FuzzPlistImport", dependencies: [.product(name: "GalleryKit", package: "gallerygen")]),
    ]
)
