import GallerySupport

/// Which recipe bodies a reading of the site folder holds in memory. A body held (`RecipeBody.text`)
/// is handed on with its recipe to every later step — the search index, the recipe's page, its
/// books, the feed — and no step reads the file again. A site whose bodies pass `budget` bytes
/// holds none: each is kept as its place in the file (`RecipeBody.file`) and read back where it
/// is needed (`RecipeBodySource`), since a 100,000-recipe site's bodies (some 70 MB in the bench
/// corpus) would lift a build's peak memory by half. All or none, so which recipes a step reads
/// again does not hang on which were parsed first.
struct HeldRecipeBodies {
    /// The most bytes of bodies held (`ContentLoader.bodyBudget`).
    let budget: Int
    private(set) var bytes = 0
    /// The bodies passed the budget: none is held once the reading ends (`letGo`).
    private(set) var isOverBudget = false
    /// Where each held body lies in its file, by the recipe's source path: what keeping its
    /// place instead needs (`letGo`).
    private var places: [String: RecipeBodyPlace] = [:]

    init(budget: Int) {
        self.budget = budget
        isOverBudget = budget <= 0
    }

    /// Holds `recipe`'s body, as parsed (`.text`), if it fits; else keeps its place in the file,
    /// `place`, and from then on holds none. A body without a place (a file past 4 GB) is held.
    mutating func hold(_ recipe: inout Recipe, place: RecipeBodyPlace?) {
        guard case .text(let body) = recipe.body else { return }
        let size = body.utf8.count
        guard let place else {
            recipe.body = .text(body.relocated)
            return
        }
        if !isOverBudget && bytes + size <= budget {
            bytes += size
            places[recipe.sourcePath] = place
            // Copied by the thread that keeps it, as the recipe's other text is (`Recipe.relocated`).
            recipe.body = .text(body.relocated)
        } else {
            isOverBudget = true
            recipe.body = .file(place)
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
        guard isOverBudget, !places.isEmpty else { return }
        for index in recipes.indices {
            guard case .text = recipes[index].body, let place = places[recipes[index].sourcePath] else { continue }
            recipes[index].body = .file(place)
        }
    }

    /// Whether a body of this reading is held now.
    var holdsAny: Bool { !places.isEmpty }
}
