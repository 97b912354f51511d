// swift-tools-version:6.0
import Foundation
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
        // libxml2 parses SVG pictures: their size, and the sanitiser that publishes them.
        .systemLibrary(
            name: "CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // C wrappers for libvips' variadic calls, which Swift cannot call, and the resampler.
        // libvips (Debian's libvips-dev) is opened on first use, not linked, so only its
        // headers are needed here: its own and GLib's.
        .target(name: "CVipsShim", dependencies: ["CGLib"]),
        // One http(s) download through libcurl for `import`'s photos. libcurl is opened on first
        // use, not linked (FoundationNetworking would link it, with TLS, HTTP/2, Kerberos and LDAP,
        // into every run), so only its headers are needed here (Debian's libcurl4-openssl-dev).
        .target(name: "CCurlShim", dependencies: ["CLibraryLoader"]),
        // Libraries that only some runs need, opened on first use (dlopen) rather than linked, so
        // that a build does not load them and the libraries they need before main; only their
        // headers are needed here. OpenSSL's libcrypto (libssl-dev): SHA-256 for the image cache
        // and published pictures' names (ContentHash). libarchive (libarchive-dev): the ZIP and
        // gzip of recipe-manager exports (Paprika) for import. GNU libmicrohttpd
        // (libmicrohttpd-dev): the preview server's HTTP/1.1 (keep-alive, epoll thread pool, timeouts).
        .target(name: "CCryptoShim", dependencies: ["CLibraryLoader"]),
        .target(name: "CArchiveShim", dependencies: ["CLibraryLoader"]),
        .target(name: "CMicroHTTPDShim", dependencies: ["CLibraryLoader"]),
        // What those shims share: a library opened and its functions found by name (dlopen, dlsym).
        .target(name: "CLibraryLoader"),
        // The layout core: pure geometry and engines, standard library only.
        .target(name: "GalleryLayout"),
        // A Mustache engine that knows nothing about recipes.
        .target(name: "Mustache"),
        // The layers of a build, each a module so that the compiler keeps the arrows (README, code map).
        // Diagnostics, hashing, number formatting and the concurrency helpers every layer uses.
        .target(name: "GallerySupport", dependencies: ["CAllocator", "CCryptoShim"]),
        // site.yml, recipes, YAML: the loaded site.
        .target(name: "GalleryContent", dependencies: ["GallerySupport", "GalleryLayout", "CYaml", "CXML2", "CCmark"]),
        // Authoring, beside content: `new` and `import` read foreign files and write recipes; the build never depends on it.
        .target(name: "GalleryAuthoring", dependencies: ["GallerySupport", "GalleryContent", "CArchiveShim", "CCurlShim"]),
        // The gallery plan: what each gallery page lays out, in every arrangement, breakpoint and filter.
        .target(name: "GalleryPlan", dependencies: ["GallerySupport", "GalleryContent", "GalleryLayout"]),
        // Planning renditions from the gallery plan; probing, processing and caching the pictures.
        .target(name: "GalleryImages", dependencies: ["GallerySupport", "GalleryContent", "GalleryPlan", "GalleryLayout", "CXML2", "CVipsShim"]),
        // Pages from values: Mustache, Markdown, the gallery's CSS, JSON-LD, feeds.
        .target(
            name: "GalleryRender",
            dependencies: ["GallerySupport", "GalleryContent", "GalleryPlan", "GalleryImages", "GalleryLayout", "Mustache", "CCmark", "CMarkdownArena", "CPluralRules", "CWordBreaks"]
        ),
        // The pipeline, the output folder's staging and swap, link checking: what a program
        // embedding gallerygen calls.
        .target(
            name: "GalleryKit",
            dependencies: ["GallerySupport", "GalleryContent", "GalleryPlan", "GalleryImages", "GalleryRender", "GalleryLayout", "Mustache"]
        ),
        // The preview server and the file watcher.
        .target(name: "GalleryServe", dependencies: ["GallerySupport", "GalleryContent", "GalleryKit", "GalleryRender", "CMicroHTTPDShim"]),
        .target(name: "GalleryCLI", dependencies: ["GallerySupport", "GalleryContent", "GalleryAuthoring", "GalleryPlan", "GalleryImages", "GalleryRender", "GalleryKit", "GalleryServe", "GalleryLayout"]),
        // ICU's plural rules (Debian's libicu-dev), for the theme's "1 recipe" / "3 recipes" in every language.
        .target(name: "CPluralRules", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // ICU's word boundaries (libicuuc), so the search index splits Japanese and Chinese into words.
        .target(name: "CWordBreaks", linkerSettings: [.linkedLibrary("icuuc")]),
        // A per-thread arena for libcmark's allocations: a recipe body's document is let go at once.
        .target(name: "CMarkdownArena"),
        // Which allocator serves malloc, and handing its free memory back: glibc's unless the
        // executable records another.
        .target(name: "CAllocator"),
        // mimalloc (Debian's libmimalloc-dev; libmimalloc2.0 at run time) replaces malloc for the
        // whole gallerygen process: linked into the executable only, so the tests and a program
        // that embeds GalleryKit keep their own allocator.
        .target(name: "CMimalloc", dependencies: ["CAllocator"], linkerSettings: [.linkedLibrary("mimalloc")]),
        .executableTarget(name: "gallerygen", dependencies: ["GalleryCLI", "CMimalloc", "CAllocator"]),
        .executableTarget(name: "LayoutBench", dependencies: ["GalleryLayout"], path: "bench/LayoutBench"),
        .executableTarget(
            name: "GalleryBytes", dependencies: ["GalleryKit", "GalleryContent", "GalleryPlan", "GalleryRender", "GalleryLayout"], path: "bench/GalleryBytes"
        ),
        .testTarget(name: "GalleryLayoutTests", dependencies: ["GalleryLayout"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], exclude: ["Spec"]),
        // What each fuzzer does with its bytes; the fuzzers and FuzzRegressionTests share it.
        .target(name: "FuzzHarness", dependencies: ["GallerySupport", "GalleryContent", "GalleryAuthoring", "GalleryImages", "GalleryLayout", "Mustache"],
                path: "fuzz/Sources/FuzzHarness"),
        // What the tests share: repository paths, temporary folders, fixture sites and pictures.
        .target(
            name: "GalleryTestSupport",
            dependencies: ["GalleryKit", "GallerySupport", "GalleryContent", "GalleryPlan", "GalleryImages", "GalleryRender"],
            path: "Tests/GalleryTestSupport"
        ),
        .testTarget(name: "GalleryContentTests", dependencies: ["GalleryTestSupport", "GallerySupport", "GalleryContent", "GalleryImages", "GalleryKit", "GalleryLayout"]),
        .testTarget(name: "GalleryAuthoringTests", dependencies: ["GalleryTestSupport", "GalleryAuthoring", "GalleryKit", "GalleryContent", "GallerySupport", "GalleryLayout", "CLibraryLoader"]),
        .testTarget(name: "GalleryPlanTests", dependencies: ["GalleryTestSupport", "GalleryContent", "GalleryPlan", "GalleryRender", "GalleryLayout"]),
        .testTarget(name: "GalleryImagesTests", dependencies: ["GalleryTestSupport", "GallerySupport", "GalleryContent", "GalleryImages", "GalleryRender", "GalleryKit"]),
        .testTarget(name: "GalleryRenderTests", dependencies: ["GalleryTestSupport", "GallerySupport", "GalleryContent", "GalleryImages", "GalleryRender", "GalleryKit", "Mustache", "CCmark", "CMarkdownArena"]),
        .testTarget(name: "GalleryKitTests", dependencies: ["GalleryTestSupport", "FuzzHarness", "GallerySupport", "GalleryContent", "GalleryPlan", "GalleryRender", "GalleryKit", "GalleryServe"]),
        .testTarget(name: "GalleryServeTests", dependencies: ["GalleryTestSupport", "GalleryServe"]),
        .testTarget(name: "GalleryCLITests", dependencies: ["GalleryTestSupport", "GalleryCLI", "GalleryKit", "GalleryServe", "GalleryLayout"]),
    ]
)

// libFuzzer targets for the parsers (fuzz/Sources), only when GALLERYGEN_FUZZ is set, so a plain
// `swift build` never needs the fuzzer runtime. They live in this package so that they reach the
// parsers' `package` declarations, as the tests do. `make fuzz` builds them with
// `-sanitize=fuzzer,address` and runs each in turn (README, Fuzzing).
if ProcessInfo.processInfo.environment["GALLERYGEN_FUZZ"] != nil {
    let parsers: [Target.Dependency] = ["FuzzSupport", "FuzzHarness"]
    package.targets += [
        .target(name: "CLibFuzzer", path: "fuzz/Sources/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "fuzz/Sources/FuzzSupport"),
    ] + ["FuzzFrontMatter", "FuzzSiteConfig", "FuzzTemplate", "FuzzPlistImport", "FuzzSVGSanitizer", "FuzzJSONLD", "FuzzPaprika", "FuzzCooklang"].map { name in
        .executableTarget(name: name, dependencies: parsers, path: "fuzz/Sources/\(name)")
    }
}
