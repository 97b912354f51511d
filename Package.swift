// swift-tools-version:6.0
import PackageDescription

#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let glibIncludeFlags = ["-I/usr/include/glib-2.0", "-I/usr/lib/\(multiarch)/glib-2.0/include"]

let package = Package(
    name: "gallerygen",
    products: [
        .library(name: "GalleryKit", targets: ["GalleryKit"]),
        .library(name: "GalleryLayout", targets: ["GalleryLayout"]),
        .executable(name: "gallerygen", targets: ["gallerygen"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // libxml2 parses SVG pictures: their size, and the sanitiser that publishes them.
        .systemLibrary(
            name: "CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // C wrappers for libvips' variadic calls, which Swift cannot call, and the resampler.
        // libvips (Debian's libvips-dev) is opened on first use, not linked, so only its
        // headers are needed here: its own and GLib's.
        .target(name: "CVipsShim", cSettings: [.unsafeFlags(glibIncludeFlags)]),
        // The layout core: pure geometry and engines, standard library only.
        .target(name: "GalleryLayout"),
        // A Mustache engine that knows nothing about recipes.
        .target(name: "Mustache"),
        .target(
            name: "GalleryKit",
            dependencies: ["GalleryLayout", "Mustache", "CCmark", "CYaml", "CXML2", "CVipsShim"]
        ),
        .target(name: "GalleryCLI", dependencies: ["GalleryKit"]),
        .executableTarget(name: "gallerygen", dependencies: ["GalleryCLI"]),
        .executableTarget(name: "LayoutBench", dependencies: ["GalleryLayout"], path: "bench/LayoutBench"),
        .executableTarget(name: "GalleryBytes", dependencies: ["GalleryKit"], path: "bench/GalleryBytes"),
        .testTarget(name: "GalleryLayoutTests", dependencies: ["GalleryLayout"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], exclude: ["Spec"]),
        .testTarget(name: "GalleryKitTests", dependencies: ["GalleryKit"]),
        .testTarget(name: "GalleryCLITests", dependencies: ["GalleryCLI"]),
    ]
)
