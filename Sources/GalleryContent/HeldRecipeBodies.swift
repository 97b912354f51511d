import GallerySupport

/// Which recipe bodies a reading of the site folder holds in memory. A body held (`RecipeBody.text`)
/// is handed on with its recipe to every later step — the search index, the recipe's page, its
/// books, the feed — and no step reads the file again. A site whose bodies pass `budget` bytes
/// holds none: each is kept as its place in the file (`RecipeBody.file`) and read again where it
/// is needed (`Site.body(of:)`), since a 100,000-recipe site's bodies (some 70 MB in the bench
/// corpus) would lift a build's peak memory by half. All or none, so which recipes a step reads
/// again does not hang on which were parsed first.
struct HeldRecipeBodies {
    /// The most bytes of bodies held (`ContentLoader.bodyBudget`).
    let budget: Int
    private(set) var bytes = 0
    /// The bodies passed the budget: none is held once the reading ends (`letGo`).
    private(set) var isOverBudget = false
    /// Where each held body starts in its file's decoded text (UTF-8 offset), by the recipe's
    /// source path: what keeping its place instead needs (`letGo`).
    private var offsets: [String: Int] = [:]

    init(budget: Int) {
        self.budget = budget
        isOverBudget = budget <= 0
    }

    /// Holds `recipe`'s body, as parsed (`.text`), if it fits; else keeps its place in the file,
    /// which starts `offset` bytes into the file's text, and from then on holds none.
    mutating func hold(_ recipe: inout Recipe, offset: Int) {
        guard case .text(let body) = recipe.body else { return }
        let size = body.utf8.count
        if !isOverBudget && bytes + size <= budget {
            bytes += size
            offsets[recipe.sourcePath] = offset
        } else {
            isOverBudget = true
            recipe.body = .file(offset: offset, checksum: RecipeBody.checksum(body.utf8))
        }
    }

    /// Goes over budget now when the bodies held so far, `parsed` of `total` files read, foretell
    /// more than the budget for all at their average length: a large site then holds its first
    /// bodies only while its first batch is read, not until the reading ends.
    mutating func foresee(parsed: Int, of total: Int) {
        guard !isOverBudget, parsed > 0, total > parsed else { return }
        if Double(bytes) / Double(parsed) * Double(total) > Double(budget) { isOverBudget = true }
    }

    /// Keeps the place instead of the body of every recipe of `recipes` held here, when the
    /// reading went over budget; otherwise leaves them held.
    func letGo(_ recipes: inout [Recipe]) {
        guard isOverBudget, !offsets.isEmpty else { return }
        for index in recipes.indices {
            guard case .text(let body) = recipes[index].body, let offset = offsets[recipes[index].sourcePath] else { continue }
            recipes[index].body = .file(offset: offset, checksum: RecipeBody.checksum(body.utf8))
        }
    }

    /// Whether a body of this reading is held now.
    var holdsAny: Bool { !offsets.isEmpty }
}
