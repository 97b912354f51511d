import GallerySupport

/// One place a document names a local picture: a recipe's `image:` line, or an image in a Markdown
/// body with its line and column. The loader probes every use's file, the image phase processes it
/// and names each use in its errors; a new kind of document with a Markdown body collects its
/// `BodyPicture`s with `BodyPicture.scan` and adds its uses to `Site.pictureUses` and to the uses
/// `ContentLoader.read()` probes.
package struct PictureUse: Sendable, Hashable {
    /// The picture, relative to the site folder (`images/step1.jpg`).
    package var path: String
    /// How the document wrote it (`../images/step1.jpg`), for messages.
    package var written: String
    /// The document, relative to the site folder (`recipes/mojito.md`).
    package var sourcePath: String
    package var line: Int
    package var column: Int
    /// True for a picture shown in running text; false for a recipe's own picture (the hero, the
    /// cards, the structured-data crops).
    package var isInBody: Bool

    package init(path: String, written: String, sourcePath: String, line: Int, column: Int, isInBody: Bool) {
        self.path = path
        self.written = written
        self.sourcePath = sourcePath
        self.line = line
        self.column = column
        self.isInBody = isInBody
    }
}

extension PictureUse {
    /// A document's local pictures: its `image:` (at `imageLine`; shown in running text when
    /// `imageIsInBody`, as a page's is), then its body's, in document order.
    static func uses(image: ImageReference?, imageLine: Int, imageIsInBody: Bool, bodyPictures: [BodyPicture],
                     sourcePath: String) -> [PictureUse] {
        var uses: [PictureUse] = []
        if case .local(let path)? = image {
            uses.append(PictureUse(path: path, written: path, sourcePath: sourcePath, line: imageLine, column: 1, isInBody: imageIsInBody))
        }
        for picture in bodyPictures {
            guard case .local(let path) = picture.reference else { continue }
            uses.append(PictureUse(path: path, written: picture.url, sourcePath: sourcePath,
                                   line: picture.line, column: picture.column, isInBody: true))
        }
        return uses
    }
}

extension Recipe {
    /// The local pictures this recipe names: its `image:` (the hero, the cards, the crops), then its body's.
    package var pictureUses: [PictureUse] {
        // Most recipes of a large site name none; finding the `image:` line costs more than the answer.
        if case .local? = image {} else if bodyPictures.isEmpty { return [] }
        return PictureUse.uses(image: image, imageLine: line(of: "image"), imageIsInBody: false, bodyPictures: bodyPictures,
                               sourcePath: sourcePath)
    }
}

extension Page {
    /// The local pictures this page names: its `image:` (shown in the text column, so planned as a
    /// picture in running text), then its body's.
    package var pictureUses: [PictureUse] {
        PictureUse.uses(image: image, imageLine: line(of: "image"), imageIsInBody: true, bodyPictures: bodyPictures,
                        sourcePath: sourcePath)
    }
}

extension Post {
    /// The local pictures this post names: its `image:` (shown in the text column and the journal
    /// list, so planned as a picture in running text), then its body's.
    package var pictureUses: [PictureUse] {
        PictureUse.uses(image: image, imageLine: line(of: "image"), imageIsInBody: true, bodyPictures: bodyPictures,
                        sourcePath: sourcePath)
    }
}

extension Site {
    /// Every local picture use of the site's documents, in the documents' order: recipes, pages, then posts.
    package var pictureUses: [PictureUse] {
        recipes.flatMap(\.pictureUses) + pages.flatMap(\.pictureUses) + posts.flatMap(\.pictureUses) + (home?.pictureUses ?? [])
    }
}
