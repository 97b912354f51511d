import Mustache

/// How a picture appears in templates.
extension PageRenderer {
    func imageContext(_ image: ImageReference, alt: String, root: String) -> MustacheValue {
        switch image {
        case .local(let path):
            let info = site.images[path]
            return [
                "src": .string(root + URLPath.encode(Self.imagePath(path))),
                "alt": .string(alt),
                "width": info.map { .int($0.width) } ?? .null,
                "height": info.map { .int($0.height) } ?? .null,
            ]
        case .remote(let url):
            return ["src": .string(url), "alt": .string(alt), "width": .null, "height": .null]
        }
    }
}
