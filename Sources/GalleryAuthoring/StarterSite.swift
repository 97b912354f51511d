import Foundation
import GalleryContent
import GallerySupport

/// The files `gallerygen new site` writes (a small site that builds as it is) and the recipe
/// skeleton `gallerygen new recipe` writes.
package enum StarterSite {
    /// Relative path and contents of every starter file, in the order they are written.
    package static let files: [(path: String, contents: String)] = [
        ("site.yml", siteConfig),
        ("recipes/lemonade.md", lemonade),
        ("recipes/ginger-tea.md", gingerTea),
        ("recipes/tomato-toast.md", tomatoToast),
        ("images/lemonade.svg", lemonadePicture),
        ("images/ginger-tea.svg", gingerTeaPicture),
        ("images/tomato-toast.svg", tomatoToastPicture),
    ]

    /// Writes the starter site into `directory`, which must not exist or be empty, all or nothing:
    /// the files are written into a staging folder and moved in only when every one is complete,
    /// so a full disk or a kill leaves no half-written site behind and the retry is not refused.
    /// `displayPath` names the folder in diagnostics.
    package static func write(to directory: URL, displayPath: String) throws(Diagnostic) {
        try write(to: directory, displayPath: displayPath) { url, data in try data.write(to: url) }
    }

    /// The marker in the names of staging folders: `.<name>.gallerygen-new-<PID>` beside a new
    /// folder, `.gallerygen-new-<PID>` inside an existing empty one.
    static let stagingMarker = ".gallerygen-new-"

    /// `writeFile` writes one file; tests pass one that fails part-way, as a full disk does.
    static func write(to target: URL, displayPath: String, writeFile: (URL, Data) throws -> Void) throws(Diagnostic) {
        let fileManager = FileManager.default
        let directory = target.standardizedFileURL
        let parent = directory.deletingLastPathComponent()
        let besidePrefix = "." + directory.lastPathComponent + stagingMarker
        removeLeftovers(in: parent, prefix: besidePrefix)
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else {
                throw .error("a file with this name already exists; choose a new folder name", path: displayPath)
            }
            removeLeftovers(in: directory, prefix: stagingMarker)
            let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            guard contents.isEmpty else {
                throw .error("the folder is not empty; choose a new or empty folder for the site", path: displayPath)
            }
        }
        // A new folder is staged beside it and renamed into place in one step. An existing one
        // (perhaps a mount point or a symbolic link, which must stay what they are) is staged
        // inside and its entries moved up, site.yml last.
        let staging = exists
            ? directory.appendingPathComponent(stagingMarker + "\(getpid())")
            : parent.appendingPathComponent(besidePrefix + "\(getpid())")
        do throws(Diagnostic) {
            try? fileManager.removeItem(at: staging)
            for (path, contents) in files {
                let url = staging.appendingPathComponent(path)
                do {
                    try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try writeFile(url, Data(contents.utf8))
                } catch {
                    throw .error("cannot write '\(path)': \(error.localizedDescription); nothing was created", path: displayPath)
                }
            }
            if !exists {
                guard rename(staging.path, directory.path) == 0 else {
                    throw .error("cannot create the folder: \(String(cString: strerror(errno))); nothing was created", path: displayPath)
                }
                return
            }
            let entries = Array(Set(files.map { String($0.path.split(separator: "/")[0]) })).sorted { a, b in
                (a == "site.yml" ? 1 : 0, a) < (b == "site.yml" ? 1 : 0, b)
            }
            var moved: [String] = []
            for entry in entries {
                guard rename(staging.appendingPathComponent(entry).path, directory.appendingPathComponent(entry).path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    for done in moved { try? fileManager.removeItem(at: directory.appendingPathComponent(done)) }
                    throw .error("cannot move '\(entry)' into the folder: \(reason); nothing was created", path: displayPath)
                }
                moved.append(entry)
            }
            try? fileManager.removeItem(at: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
    }

    /// Removes staging folders (names starting with `prefix` and ending in a PID) left in
    /// `folder` by runs that were killed: their process is gone.
    static func removeLeftovers(in folder: URL, prefix: String) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }
        for name in names {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// A new recipe's file: the front matter filled in where it can be, hints for the rest as
    /// comments, and a Markdown skeleton. `date` is written as it is (`YYYY-MM-DD`).
    package static func recipe(title: String, date: RecipeDate) -> String {
        var frontMatter = FrontMatterWriter()
        frontMatter.add("title", title)
        frontMatter.addLine("date: \(date.iso8601)")
        frontMatter.addLine("summary: # one or two sentences for the gallery and search engines")
        frontMatter.addLine("# image: images/\(Slug.make(from: title, style: .unicode)).jpg   # a picture in the site folder, or an https URL")
        frontMatter.addLine("# image_alt: What the picture shows, for people who cannot see it")
        frontMatter.addLine("tags: []                # for example [rum, summer]")
        frontMatter.addLine("# glass: Coupe")
        frontMatter.addLine("# category: Cocktail      # else site.yml's recipe_category, \"Drink\" with a glass, or the first tag")
        frontMatter.addLine("# cuisine: Cuban")
        frontMatter.addLine("# keywords: [refreshing, party]   # search words apart from the tags")
        frontMatter.addLine("ingredients:             # a flat list, or groups:  - group: For the syrup  with  items: [...]")
        frontMatter.addLine("  - 50 ml something")
        frontMatter.addLine("# servings: 1             # \"4\" or \"12 cookies\"; readers can scale the quantities")
        frontMatter.addLine("# prep_time: 5 min        # \"90 s\", \"5 min\", \"1 h 30 min\"")
        frontMatter.addLine("# cook_time: 0 min")
        frontMatter.addLine("# total_time: 10 min      # else prep + cook")
        frontMatter.addLine("# equipment: [Shaker, Strainer]")
        frontMatter.addLine("# nutrition: { calories: 180 kcal, sugar: 12 g }   # per serving; grams, mg, kcal or kJ")
        frontMatter.addLine("# suitable_for_diet: [vegan]   # schema.org diets: vegan, vegetarian, gluten-free, halal, kosher, ...")
        frontMatter.addLine("# video: https://www.youtube.com/watch?v=...   # YouTube, Vimeo or an https video file")
        frontMatter.addLine("# source: { name: Where it comes from, url: https://example.com/ }")
        frontMatter.addLine("# extra: { anything: you like }   # your own fields, for your templates as {{recipe.extra.anything}}")
        frontMatter.addLine("# draft: true            # drafts are built only with --drafts")
        return frontMatter.text + """

            A few words about \(MarkdownText.escape(title)): where it comes from, what it tastes like.

            ## Method

            1. The first step.
            2. The next step.

            ## Notes

            - A tip, a variation or a substitution.

            """
    }

    /// A new journal post (`new post`): title and date filled in, the other fields as hints, and a
    /// short Markdown skeleton that shows how to link a recipe by its slug.
    package static func post(title: String, date: RecipeDate) -> String {
        var frontMatter = FrontMatterWriter()
        frontMatter.add("title", title)
        frontMatter.addLine("date: \(date.iso8601)")
        frontMatter.addLine("summary: # one or two sentences for the journal's list, the feed and search engines")
        frontMatter.addLine("tags: []                # shared with the recipes: a tag's page lists both")
        frontMatter.addLine("# image: images/\(Slug.make(from: title, style: .unicode)).jpg   # a picture in the site folder, or an https URL")
        frontMatter.addLine("# image_alt: What the picture shows, for people who cannot see it")
        frontMatter.addLine("# author: Your name      # else site.yml's author")
        frontMatter.addLine("# draft: true            # drafts are built only with --drafts")
        return frontMatter.text + """

            What happened, what is new, what is worth making this week. Link a recipe by its slug,
            as in `[Negroni](recipe:negroni)`: the build checks that the recipe exists.

            """
    }

    static let siteConfig = """
        # The site's settings. Every key is explained here; `man gallerygen` (or `gallerygen help
        # build`) describes the commands, and `gallerygen layouts` every arrangement's parameters.
        # Lines starting with # are comments; remove the # in front of a key to use it.
        title: My Recipes
        description: A few favourite recipes, written down so they are never lost.
        base_url: https://example.com/           # the published address (feed, sitemap, share links)
        language: en                             # the theme's language (en, fr, de, es, it, pt, nl, ja, ar)
        author: Me
        unsafe_html: false                       # true lets raw HTML in the Markdown through
        # search: true                           # the gallery's search box and search.json
        # twitter: "@me"                         # the X (Twitter) account named in share cards
        # recipe_category: Drink                 # schema.org recipeCategory when a recipe has none
        # extra: { instagram: "@me", since: 2019 }   # your own fields: {{site.extra.instagram}} in templates
        # theme_color: "#a3472f"                 # the browser's theme colour and the web app manifest's
        # background_color: "#f7f2ea"            # the manifest's background colour

        # The menu in every page's header (pages/about.md with `menu: 10` adds itself too); each
        # entry links to a page (its path under pages/), a recipe (its slug), a tag or a url.
        # menu:
        #   - { label: About, page: about }
        #   - { label: Lemonade, recipe: lemonade, weight: 20 }
        #   - { label: Instagram, url: "https://instagram.com/me", weight: 90 }
        # Files in static/ (a favicon.ico, CNAME, _redirects, .well-known/) are published as they are.

        # Reference widths the gallery is laid out for; between two, the arrangement scales.
        breakpoints:
          - { name: phone, width: 375 }
          - { name: tablet, width: 768 }
          - { name: desktop, width: 1280 }

        gallery:
          # The arrangements the switcher offers, the first shown by default: one layout engine
          # each (list them with `gallerygen layouts`), with parameters in reference pixels.
          arrangements:
            - grid: { item_width: 150, item_height: 232, padding: 20 }   # two cards a row on a phone
            - fan
            - coverflow                          # cards turning in 3-D as the strip scrolls
            - masonry
            - justified
          label_height: 44                       # room for the two-line title under each picture
          # page_size: 60                        # cards per gallery page; more go on page/2/ …
          # section_by: glass                    # headed sections: glass, author, tag or year; with it,
          #                                      # a `- stack` arrangement shows one stack per section
          #                                      # that opens in place when tapped
          # transition: { duration: 0.6, stagger: 0.02, easing: spring }   # how cards move
          #                                      # springy_scroll: true makes a sideways strip springy
          # background: { color: "#2b1d14", image: images/leather.jpg }    # behind the cards

        # How the default theme looks:
        # theme:
        #   color_scheme: auto                   # follow the reader's light or dark setting; or light, dark

        # What is made of each picture (all optional):
        # images:
        #   formats: [webp, jpeg]                # the rendition formats
        #   max_width: 1600                      # no rendition is wider
        #   jpeg_quality: 82
        #   webp_quality: 78
        #   crops: true                          # 16:9, 4:3 and 1:1 crops for search results
        #   svg: sanitize                        # or rasterize: SVGs published as WebP and JPEG

        """

    static let lemonade = """
        ---
        title: Lemonade
        summary: Sharp, sweet and cold, the way it tastes on the first hot day of the year.
        image: images/lemonade.svg
        image_alt: A tall glass of pale yellow lemonade with ice and a slice of lemon on the rim.
        tags: [zero-proof, summer]
        glass: Highball
        category: Drink
        # Ingredients in groups: each '- group:' is a heading with its 'items:'.
        ingredients:
          - group: For the lemon sugar
            items:
              - 4 lemons
              - 100 g sugar
          - group: To serve
            items:
              - 1 litre cold water
              - Ice
        servings: 4 glasses       # a number and an optional unit; readers can scale it
        prep_time: 15 min
        nutrition:                # per serving: calories, fat, sugar, protein, sodium and more
          calories: 110 kcal
          sugar: 26 g
        suitable_for_diet: [vegan, gluten-free]
        date: 2024-06-01
        weight: 1
        ---
        Lemonade is mostly about balance: taste it before you chill it, and adjust with a little more
        sugar or a little more lemon.

        ## Method

        1. Pare the zest of two lemons in wide strips and rub it into the sugar in a jug.
        2. Squeeze all four lemons and stir the juice into the sugar until it dissolves.
        3. Add the cold water, stir, then strain out the zest.
        4. Serve over plenty of ice with a slice of lemon.

        ## Notes

        - Swap half the water for soda water just before serving for a sparkling version.

        """

    static let gingerTea = """
        ---
        title: Ginger Tea
        summary: Fresh ginger simmered with lemon and honey, for cold evenings.
        image: images/ginger-tea.svg
        image_alt: A steaming mug of golden ginger tea with a slice of lemon and pieces of ginger beside it.
        tags: [zero-proof, hot]
        glass: Mug
        category: Hot drink       # without it, a recipe with a glass is a "Drink"
        keywords: [cold remedy, caffeine-free]
        ingredients:
          - A thumb of fresh ginger
          - 400 ml water
          - 1 tbsp honey
          - Juice of half a lemon
        servings: 2 mugs
        prep_time: 5 min
        cook_time: 10 min
        date: 2024-01-20
        ---
        The longer the ginger simmers, the hotter the tea; ten minutes is a friendly middle.

        ## Method

        1. Slice the ginger thinly; there is no need to peel it.
        2. Simmer it in the water for ten minutes.
        3. Take the pan off the heat and stir in the honey and lemon juice.
        4. Strain into mugs.

        """

    static let tomatoToast = """
        ---
        title: Tomato Toast
        summary: Ripe tomatoes on garlic-rubbed toast, a summer lunch in five minutes.
        image: images/tomato-toast.svg
        image_alt: A slice of toasted sourdough spread with grated red tomato, olive oil and flakes of salt, half a tomato beside it.
        tags: [savoury, summer]
        category: Lunch           # without it, the first tag
        cuisine: Catalan
        source:
          name: Pa amb tomàquet, as made in Barcelona
        ingredients:
          - 2 thick slices of sourdough
          - 1 clove of garlic
          - 2 ripe tomatoes
          - Olive oil and flaky salt
        yield: 2 slices
        prep_time: 5 min
        date: 2024-08-10
        ---
        Only worth making when tomatoes are at their best, and then worth making every day.

        ## Method

        1. Toast the bread until it is crisp at the edges.
        2. Rub the cut side of the garlic clove over the hot toast.
        3. Halve the tomatoes and grate them onto the toast, skins left behind.
        4. Finish with olive oil and a pinch of flaky salt.

        """

    /// An original drawing: a highball of lemonade with ice and a lemon slice, 400 × 500.
    static let lemonadePicture = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
          <rect width="400" height="500" fill="#f4ecd8"/>
          <ellipse cx="200" cy="448" rx="110" ry="14" fill="#e2d6bd"/>
          <path d="M122 120 L138 440 Q200 456 262 440 L278 120 Z" fill="#fff6c9" stroke="#c9b98f" stroke-width="4"/>
          <path d="M127 190 L139 436 Q200 451 261 436 L273 190 Z" fill="#f7df6b"/>
          <rect x="150" y="210" width="44" height="40" rx="8" fill="#fffbe8" opacity=".8" transform="rotate(-12 172 230)"/>
          <rect x="206" y="250" width="46" height="42" rx="8" fill="#fffbe8" opacity=".8" transform="rotate(9 229 271)"/>
          <rect x="160" y="300" width="42" height="40" rx="8" fill="#fffbe8" opacity=".7" transform="rotate(18 181 320)"/>
          <circle cx="178" cy="380" r="5" fill="#fffbe8"/>
          <circle cx="226" cy="352" r="4" fill="#fffbe8"/>
          <circle cx="206" cy="404" r="3" fill="#fffbe8"/>
          <rect x="214" y="60" width="10" height="250" rx="5" fill="#d9534f" transform="rotate(12 219 185)"/>
          <circle cx="282" cy="128" r="44" fill="#f2c230" stroke="#e0a91a" stroke-width="5"/>
          <circle cx="282" cy="128" r="34" fill="#fbe88e"/>
          <path d="M282 94 V162 M248 128 H316 M258 104 L306 152 M306 104 L258 152" stroke="#f2c230" stroke-width="3"/>
        </svg>

        """

    /// An original drawing: a steaming mug of ginger tea, a lemon slice and ginger, 400 × 500.
    static let gingerTeaPicture = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
          <rect width="400" height="500" fill="#efe4d2"/>
          <ellipse cx="190" cy="420" rx="130" ry="16" fill="#dccdb3"/>
          <path d="M160 150 C145 125 175 110 160 85 M200 150 C185 122 215 106 200 78 M240 150 C225 125 255 110 240 85"
                fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity=".85"/>
          <path d="M290 215 C350 215 350 330 285 330" fill="none" stroke="#3f6e8c" stroke-width="20"/>
          <path d="M95 170 L110 400 Q190 430 270 400 L285 170 Z" fill="#4f86a8" stroke="#3f6e8c" stroke-width="4"/>
          <ellipse cx="190" cy="172" rx="95" ry="18" fill="#d9a441" stroke="#3f6e8c" stroke-width="4"/>
          <ellipse cx="170" cy="170" rx="22" ry="6" fill="#f2d27c" opacity=".8"/>
          <path d="M110 240 H270" stroke="#e9f1f6" stroke-width="6" opacity=".6"/>
          <circle cx="322" cy="404" r="30" fill="#f2c230" stroke="#e0a91a" stroke-width="4"/>
          <circle cx="322" cy="404" r="22" fill="#fbe88e"/>
          <path d="M322 382 V426 M300 404 H344 M306 388 L338 420 M338 388 L306 420" stroke="#f2c230" stroke-width="2.5"/>
          <path d="M42 410 q10 -22 30 -14 q18 -16 32 4 q10 18 -10 24 q-16 10 -30 0 q-24 4 -22 -14 Z" fill="#d8b26e" stroke="#b48a45" stroke-width="3"/>
          <circle cx="66" cy="412" r="4" fill="#b48a45"/>
          <circle cx="86" cy="406" r="3" fill="#b48a45"/>
        </svg>

        """

    /// An original drawing: tomato on toast with olive oil and salt, half a tomato beside it, 400 × 500.
    static let tomatoToastPicture = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
          <rect width="400" height="500" fill="#f3ead9"/>
          <ellipse cx="200" cy="300" rx="170" ry="120" fill="#ffffff" stroke="#ddd2bd" stroke-width="4"/>
          <path d="M95 220 Q90 170 140 165 Q170 140 205 160 Q260 150 280 200 L300 350 Q300 380 270 382 L130 390 Q100 390 100 360 Z"
                fill="#c98a3f" stroke="#8f5a22" stroke-width="6"/>
          <path d="M115 225 Q112 185 148 182 Q174 162 205 178 Q250 170 264 208 L280 345 Q280 362 262 364 L136 370 Q118 370 118 352 Z"
                fill="#e9b873"/>
          <path d="M122 235 Q150 200 205 205 Q255 205 262 240 L272 340 Q240 360 140 358 Q120 300 122 235 Z" fill="#d9412e"/>
          <circle cx="160" cy="250" r="9" fill="#f07b5c"/>
          <circle cx="220" cy="280" r="11" fill="#f07b5c"/>
          <circle cx="180" cy="320" r="8" fill="#f07b5c"/>
          <circle cx="240" cy="330" r="7" fill="#f07b5c"/>
          <path d="M150 290 q20 -10 40 0 q20 10 40 -2" fill="none" stroke="#c8d36a" stroke-width="5" stroke-linecap="round" opacity=".8"/>
          <rect x="170" y="240" width="7" height="7" fill="#ffffff" transform="rotate(20 173 243)"/>
          <rect x="228" y="255" width="6" height="6" fill="#ffffff" transform="rotate(-15 231 258)"/>
          <rect x="200" y="340" width="7" height="7" fill="#ffffff" transform="rotate(35 203 343)"/>
          <circle cx="320" cy="140" r="48" fill="#d9412e" stroke="#a82a1c" stroke-width="5"/>
          <circle cx="320" cy="140" r="36" fill="#f0705a"/>
          <path d="M320 140 L300 118 M320 140 L345 122 M320 140 L318 172" stroke="#f7b3a2" stroke-width="6" stroke-linecap="round"/>
          <circle cx="320" cy="140" r="8" fill="#f7d2c6"/>
        </svg>

        """
}
