// swift-tools-version:6.0
import PackageDescription

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
        // GLib's include folders, from pkg-config, for the libvips headers CVipsShim includes.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // C wrappers for libvips' variadic calls, which Swift cannot call, and the resampler.
        // libvips (Debian's libvips-dev) is opened on first use, not linked, so only its
        // headers are needed here: its own and GLib's.
        .target(name: "CVipsShim", dependencies: ["CGLib"]),
        // The layout core: pure geometry and engines, standard library only.
        .target(name: "GalleryLayout"),
        // A Mustache engine that knows nothing about recipes.
        .target(name: "Mustache"),
        .target(
            name: "GalleryKit",
            dependencies: ["GalleryLayout", "Mustache", "CCmark", "CYaml", "CVipsShim"]
        ),
        .target(name: "GalleryCLI", dependencies: ["GalleryKit"]),
        // Process-wide allocator settings, which only the executable makes.
        .target(name: "CAllocator"),
        .executableTarget(name: "gallerygen", dependencies: ["GalleryCLI", "CAllocator"]),
        .executableTarget(name: "LayoutBench", dependencies: ["GalleryLayout"], path: "bench/LayoutBench"),
        .executableTarget(name: "GalleryBytes", dependencies: ["GalleryKit"], path: "bench/GalleryBytes"),
        .testTarget(name: "GalleryLayoutTests", dependencies: ["GalleryLayout"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], exclude: ["Spec"]),
        .testTarget(name: "GalleryKitTests", dependencies: ["GalleryKit"]),
        .testTarget(name: "GalleryCLITests", dependencies: ["GalleryCLI"]),
    ]
)
