import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// The gallery's computed frames as JSON, for browser checks and for debugging a layout: what
/// every card's box should be, per arrangement, breakpoint and filter (and per opened stack, when
/// stacks open), straight from the engines.
package enum LayoutReport {
    package static func json(_ model: GalleryModel) -> String {
        func string(_ text: String) -> String { JSONValue.string(text).text }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func number(_ value: Double) -> String { CSSNumber.format(value, places: 3) }
        var states: [String] = []
        for state in model.states {
            let cards = state.cards.map { placement -> String in
                guard let placement else { return "null" }
                var fields = [number(placement.centre.x), number(placement.centre.y), number(placement.width),
                              number(placement.height), number(placement.rotation), number(placement.scale),
                              placement.isHidden ? "true" : "false"]
                if placement.isTurned {
                    // The turn in depth, applied about the centre inside the rotation and scale.
                    fields += [number(placement.translationX), number(placement.translationY), number(placement.translationZ),
                               number(placement.rotationX), number(placement.rotationY),
                               placement.perspective.map(number) ?? "null"]
                }
                return list(fields)
            }
            // An opened stack's state names its section (an index into "sections").
            let opened = state.openedSection.map { ",\"opened\":\($0)" } ?? ""
            states.append("{\"arrangement\":\(state.arrangement),\"breakpoint\":\(state.breakpoint),\"filter\":\(state.filter)\(opened),"
                          + "\"width\":\(number(state.contentSize.width)),\"height\":\(number(state.contentSize.height)),"
                          + "\"cards\":\(list(cards))}")
        }
        return "{\"direction\":" + string(model.layoutDirection.rawValue)
            + ",\"breakpoints\":" + list(model.breakpoints.map { number($0.width) })
            + ",\"arrangements\":" + list(model.arrangements.map { string($0.engine) })
            + ",\"filters\":" + list(model.filters.map { string($0.name) })
            + ",\"filterMembers\":" + list(model.filters.map { filter in list(filter.members.sorted().map(String.init)) })
            + ",\"cards\":" + list(model.cards.map { string($0.slug) })
            // Sections only where stacks open, so every other report stays as it was.
            + (model.openingArrangements.isEmpty ? "" : ",\"sections\":" + list(model.sections.map { string($0.title) }))
            + ",\"cardFields\":[\"centreX\",\"centreY\",\"width\",\"height\",\"rotation\",\"scale\",\"hidden\""
            // A turned card's list goes on with its turn in depth; an unturned card's stops there.
            + ",\"translationX\",\"translationY\",\"translationZ\",\"rotationX\",\"rotationY\",\"perspective\"]"
            + ",\"states\":[\n" + states.joined(separator: ",\n") + "\n]}\n"
    }
}
