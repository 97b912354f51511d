import Foundation
import GalleryContent
import GallerySupport

/// One recipe as a reader of another format found it: the value every reader (schema.org
/// JSON-LD, Nextcloud Cookbook, the seed app's plist, …) hands on, and the one thing the import
/// turns into a recipe file and its photo (`ImportPlan`). Fields gallerygen has are typed; what it
/// lacks goes to `extra` (kept under `extra:`), and `uncarried` names what could not be kept.
package struct ForeignRecipe: Sendable, Hashable {
    /// Where it came from, for messages: a file, or a file and an entry inside it.
    package var origin: String
    package var line = 0
    package var column = 0

    package var title: String
    package var summary: String?
    package var photo: Photo?
    package var tags: [String] = []
    package var category: String?
    package var cuisine: String?
    package var keywords: [String] = []
    package var ingredients: [IngredientGroup] = []
    package var method: [MethodGroup] = []
    /// Paragraphs written after the method, under "## Notes".
    package var notes: [String] = []
    /// A Markdown body kept as it is (another static site's page), before the notes.
    package var body: String?
    /// `servings:` when the yield is a number with an optional unit; else `yield:`.
    package var yield: String?
    package var prepTime: Int?
    package var cookTime: Int?
    package var totalTime: Int?
    /// `nutrition:` keys (`NutritionFact.fields`) and amounts with units ("12 g", "240 kcal").
    package var nutrition: [String: String] = [:]
    package var equipment: [String] = []
    /// As written by the source (`VeganDiet`, `https://schema.org/VeganDiet`, "vegan").
    package var diets: [String] = []
    package var video: String?
    package var videoName: String?
    package var videoDescription: String?
    /// An https still of the video.
    package var videoThumbnail: String?
    /// YYYY-MM-DD.
    package var videoUploadDate: String?
    package var author: String?
    /// YYYY-MM-DD.
    package var date: String?
    package var sourceName: String?
    package var sourceURL: String?
    /// Pictures of single steps (Cooklang's `Name.N.jpg`), shown after the method under their step's number.
    package var stepPictures: [StepPicture] = []
    /// Other recipes this one uses whole (chowdown's `components`), by the title the source gives
    /// them: written as linked recipes (`- recipe: slug`) when the import holds a recipe of that
    /// title, else kept under `extra:`.
    package var components: [String] = []
    /// Ingredient lines that name another recipe of the source (Mealie's `referenced_recipe`):
    /// written as linked lines (`- { recipe: slug, amount: 1 cup }`) when the import holds a
    /// recipe of that title; else the line's words (in `ingredients`) stay, and the link is
    /// listed as not carried.
    package var ingredientLinks: [IngredientLink] = []
    /// The photo's credit as the source writes it: a name, or the address of the photo's source
    /// (chowdown's `imagecredit`).
    package var imageCredit: String?
    /// Fields gallerygen has no place for, by their name in the source, as text: written under `extra:`.
    package var extra: [String: String] = [:]
    /// Fields that could not be carried at all (not even as text), by their name in the source,
    /// with how many items each held (3 comments, 2 more photos; 1 when not a list).
    package var uncarried: [String: Int] = [:]

    package init(origin: String, title: String) {
        self.origin = origin
        self.title = title
    }

    /// A line of `ingredients` (its group and position there) naming another recipe by its title,
    /// with how much of it ("1 cup"; nil when the source gives no amount).
    package struct IngredientLink: Sendable, Hashable {
        package var group: Int
        package var line: Int
        package var title: String
        package var amount: String?
    }

    /// How `uncarried` names the ingredient lines whose link to another recipe was not kept.
    package static let unlinkedIngredientsKey = "ingredients linking another recipe"

    /// A picture of one step: `step` counts from 0 over the whole method, as Cooklang's names do.
    package struct StepPicture: Sendable, Hashable {
        package var step: Int
        package var photo: Photo
    }

    /// A recipe's photo as the source holds it.
    package enum Photo: Sendable, Hashable {
        /// The bytes (a base64 field, a file inside an archive).
        case data(Data)
        /// A file beside the source.
        case file(URL)
        /// Only an address: downloaded unless `--no-download`.
        case remote(String)
    }
}
