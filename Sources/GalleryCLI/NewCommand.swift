import Foundation
import GalleryAuthoring
import GalleryContent
import GalleryKit
import GallerySupport

/// `gallerygen new site DIR`, `gallerygen new recipe "Title"` and `gallerygen new post "Title"`:
/// starting points to edit.
struct NewCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "new", summary: "Create a starter site (new site DIR), a recipe (new recipe \"Title\") or a journal post (new post \"Title\")",
        usage: ["new site DIR", "new recipe \"Title\" [--site DIR] [--date YYYY-MM-DD]", "new post \"Title\" [--site DIR] [--date YYYY-MM-DD]"],
        discussion: """
            new site DIR     Writes a starter site into DIR (which must be new or empty): a commented
                             site.yml, three example recipes and a picture. It builds as it is:
                             cd DIR && gallerygen serve
            new recipe TITLE Writes recipes/<slug>.md in the site folder, the slug made from the title
                             ("Piña Colada" → pina-colada.md), with the front matter filled in, hints
                             for the other fields, and a Markdown skeleton. An existing file is never
                             replaced.
            new post TITLE   Writes posts/<slug>.md, a journal post dated today (or --date), with
                             its front matter, hints and a Markdown skeleton. An existing file is
                             never replaced.
            """,
        options: [
            OptionSpec(name: "site", short: "s", value: "DIR", kind: .folder,
                       help: "The site folder for 'new recipe' and 'new post' (default: the current folder when it has a site.yml)"),
            OptionSpec(name: "date", value: "YYYY-MM-DD", help: "The recipe's or post's date (default: today)"),
        ],
        arguments: [.choices(["site", "recipe", "post"])],
        exitCodes: "Exit codes: 0 written, 1 the folder or file already exists, 2 usage errors.")

    static var help: String { spec.help }

    func run(_ parsed: ArgumentParser) -> Int32 {
        let positionals = parsed.positionals
        switch positionals.first {
        case "site":
            guard positionals.count == 2, parsed.options["site"] == nil, parsed.options["date"] == nil else {
                return usage("'new site' takes one folder name: gallerygen new site DIR")
            }
            return newSite(positionals[1])
        case "recipe":
            guard positionals.count == 2 else {
                return usage("'new recipe' takes one title; quote it if it has spaces: gallerygen new recipe \"Piña Colada\"")
            }
            return newDocument(.recipe, title: positionals[1], site: parsed.options["site"], dateText: parsed.options["date"])
        case "post":
            guard positionals.count == 2 else {
                return usage("'new post' takes one title; quote it if it has spaces: gallerygen new post \"Summer on the terrace\"")
            }
            return newDocument(.post, title: positionals[1], site: parsed.options["site"], dateText: parsed.options["date"])
        case nil:
            return usage("say what to create: 'new site DIR', 'new recipe \"Title\"' or 'new post \"Title\"'")
        case let other?:
            return usage("unknown kind '\(other)': use 'new site DIR', 'new recipe \"Title\"' or 'new post \"Title\"'")
        }
    }

    private func usage(_ message: String) -> Int32 {
        tool.console.error("\(tool.styled("error:", .error)) \(message)\n\n\(Self.help)")
        return ExitCode.usage
    }

    private func newSite(_ path: String) -> Int32 {
        let directory = tool.resolve(path)
        let display = tool.display(directory)
        do {
            try StarterSite.write(to: directory, displayPath: display)
        } catch {
            tool.report([error])
            return ExitCode.failure
        }
        let recipes = StarterSite.files.count { $0.path.hasPrefix("recipes/") }
        let pictures = StarterSite.files.count { $0.path.hasPrefix("images/") }
        tool.console.out("Created a new site in \(display): site.yml, \(recipes) recipes and \(pictures) pictures.")
        tool.console.out("Preview it with: cd \(display) && gallerygen serve")
        tool.console.out("Add a recipe with: gallerygen new recipe \"Title\" (inside \(display))")
        return ExitCode.success
    }

    /// What `new` writes into a site folder: a recipe or a journal post.
    enum Document {
        case recipe, post

        /// The folder of the site it goes in.
        var folder: String { self == .recipe ? "recipes" : "posts" }
        var name: String { self == .recipe ? "recipe" : "post" }

        func text(title: String, date: RecipeDate) -> String {
            self == .recipe ? StarterSite.recipe(title: title, date: date) : StarterSite.post(title: title, date: date)
        }
    }

    private func newDocument(_ document: Document, title rawTitle: String, site: String?, dateText: String?) -> Int32 {
        let title = rawTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !Slug.make(from: title, style: .unicode).isEmpty else {
            return usage("the title '\(rawTitle)' gives no file name; use a title with letters or digits")
        }
        let date: RecipeDate
        if let dateText {
            guard let parsed = RecipeDate(parsing: dateText), dateText.count == 10 else {
                return usage("'--date \(dateText)' is not a date written YYYY-MM-DD")
            }
            date = parsed
        } else {
            date = Self.today()
        }
        guard let siteDirectory = tool.siteDirectory(site) else { return ExitCode.failure }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: siteDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            tool.report([.error("site folder not found (create one with: gallerygen new site \(site ?? "DIR"))", path: tool.display(siteDirectory))])
            return ExitCode.failure
        }
        let fullSlug = Slug.make(from: title, style: ContentLoader(siteDirectory: siteDirectory).slugStyle)
        guard !fullSlug.isEmpty else {
            return usage("the title '\(rawTitle)' gives no file name; use a title with letters or digits")
        }
        let file = Self.documentFile(slug: fullSlug, in: siteDirectory.appendingPathComponent(document.folder))
        let display = tool.display(file)
        guard !FileManager.default.fileExists(atPath: file.path) else {
            tool.report([.error("the \(document.name) file already exists; edit it, or choose another title", path: display)])
            return ExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(document.text(title: title, date: date).utf8).write(to: file, options: .withoutOverwriting)
        } catch {
            tool.report([.error("cannot write the \(document.name): \(error.localizedDescription)", path: display)])
            return ExitCode.failure
        }
        tool.console.out(document == .recipe ? "Created \(display); fill in its ingredients and method."
                                             : "Created \(display); write the post, then build to see it in the journal.")
        return ExitCode.success
    }

    /// `<slug>.md` in `folder` (`recipes/`, `posts/`) for a new document. A slug longer than `Slug.maximumBytes` is cut at a
    /// word; when that shortened name is taken (another long title starting alike), `-2`, `-3`…
    /// follow it, so a long title never fails and never lands on another recipe. A short slug
    /// whose file exists is returned as it is: the same title twice is the same recipe.
    static func documentFile(slug: String, in folder: URL) -> URL {
        let shortened = Slug.shortened(slug)
        var file = folder.appendingPathComponent("\(shortened).md")
        guard shortened != slug else { return file }
        var number = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = folder.appendingPathComponent("\(shortened)-\(number).md")
            number += 1
        }
        return file
    }

    /// Today's date in the local time zone.
    static func today() -> RecipeDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        let text = String(format: "%04d-%02d-%02d", parts.year ?? 2000, parts.month ?? 1, parts.day ?? 1)
        return RecipeDate(parsing: text)!
    }
}
