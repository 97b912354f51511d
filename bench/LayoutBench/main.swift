// Prepares every layout engine for 1,000, 10,000 and 100,000 items at three breakpoint widths and
// prints the time per item, then the cost of viewport-sized `attributes(in:)` queries.
// Run in release mode: `swift run -c release LayoutBench` (or `make bench-layout`).
import GalleryLayout

let itemCounts = [1_000, 10_000, 100_000]
let widths: [Double] = [375, 768, 1280]
let viewportHeight = 800.0
let queryCount = 1_000

/// A deterministic corpus: photos between 1:2 and 2:1, a two-line label, in sections of 50.
func makeContext(items: Int, width: Double) -> LayoutContext {
    var random = SeededGenerator(seed: 2024)
    var sections: [LayoutSection] = []
    var remaining = items
    while remaining > 0 {
        let count = min(50, remaining)
        let metrics = (0..<count).map { _ in
            ItemMetrics(aspectRatio: random.next(in: 0.5...2.0), labelHeight: 40)
        }
        sections.append(LayoutSection(items: metrics, hasHeader: true))
        remaining -= count
    }
    return LayoutContext(containerWidth: width, viewportHeight: nil, sections: sections)
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(width - text.count, 0))
    return right ? text + padding : padding + text
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...].count
        if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}

let clock = ContinuousClock()
var contexts: [String: LayoutContext] = [:]
for items in itemCounts {
    for width in widths { contexts["\(items)@\(width)"] = makeContext(items: items, width: width) }
}

print("prepare (best of 3 for up to 10,000 items, one run for 100,000)")
print(pad("engine", 10, right: true) + pad("items", 9) + pad("width", 7) + pad("ms", 10) + pad("ns/item", 10))
var worst: (String, Double) = ("", 0)
var prepared: [String: PreparedLayout] = [:]
for engine in LayoutRegistry.engines {
    let layout = try LayoutRegistry.makeLayout(name: engine.name)
    for items in itemCounts {
        for width in widths {
            let context = contexts["\(items)@\(width)"]!
            var best = Double.infinity
            var result: PreparedLayout?
            for _ in 0..<(items >= 100_000 ? 1 : 3) {
                let start = clock.now
                result = layout.prepare(context)
                best = min(best, milliseconds(clock.now - start))
            }
            let perItem = best * 1e6 / Double(items)
            if perItem > worst.1 { worst = ("\(engine.name) \(items)@\(Int(width))", perItem) }
            if width == 1280 && items >= 10_000 { prepared["\(engine.name)/\(items)"] = result }
            print(pad(engine.name, 10, right: true) + pad(String(items), 9) + pad(String(Int(width)), 7)
                + pad(format(best, decimals: 2), 10) + pad(format(perItem, decimals: 0), 10))
        }
    }
}
print("slowest: \(worst.0) at \(format(worst.1, decimals: 0)) ns/item (goal: under 1,000)")
print()
print("attributes(in:) — \(queryCount) queries of a 1280 × \(Int(viewportHeight)) viewport at random offsets")
print(pad("engine", 10, right: true) + pad("items", 9) + pad("ns/query", 11) + pad("results", 9))
for engine in LayoutRegistry.engines {
    for items in [10_000, 100_000] {
        guard let layout = prepared["\(engine.name)/\(items)"] else { continue }
        var random = SeededGenerator(seed: 7)
        let rects = (0..<queryCount).map { _ in
            Rect(
                x: random.next(in: 0...max(layout.contentSize.width - 1280, 0)),
                y: random.next(in: 0...max(layout.contentSize.height - viewportHeight, 0)),
                width: 1280, height: viewportHeight)
        }
        var found = 0
        let start = clock.now
        for rect in rects { found += layout.attributes(in: rect).count }
        let elapsed = milliseconds(clock.now - start)
        print(pad(engine.name, 10, right: true) + pad(String(items), 9)
            + pad(format(elapsed * 1e6 / Double(queryCount), decimals: 0), 11)
            + pad(format(Double(found) / Double(queryCount), decimals: 1), 9))
    }
}
