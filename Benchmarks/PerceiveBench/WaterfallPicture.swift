import Foundation
import Perceive

/// `--svg PATH`: the visible waterfall after one tap, correct and broken placements side by side,
/// each cell coloured by how many times its container was built by that tap.
@MainActor
enum WaterfallPicture {
    static func write(to path: String, count: Int) throws {
        var panels: [String] = []
        for (offset, variant) in ["correct", "broken"].enumerated() {
            let setup = WaterfallScenario.setUp(variant, count: count)
            BuildCounter.reset(count)
            let tapped = 3
            setup.target(tapped)?.tap()
            setup.host.componentEngine.flush()
            panels.append(panel(variant, host: setup.host, tapped: tapped, x: CGFloat(offset) * 430))
        }
        let legend = """
            <text x="10" y="892" font-size="13" font-family="sans-serif">grey: not built · green: the tapped container, built once · red: built although nothing it shows changed (wasted)</text>
            """
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="860" height="905" viewBox="0 0 860 905">
            <rect width="860" height="905" fill="white"/>
            \(panels.joined(separator: "\n"))
            \(legend)
            </svg>
            """
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func panel(_ variant: String, host: ComponentScrollView, tapped: Int, x: CGFloat) -> String {
        guard let root = host.componentEngine.rootNode else { return "" }
        let builds = BuildCounter.counts.reduce(0, +)
        var cells: [String] = []
        for index in root.visibleIndexes(in: host.bounds) {
            let frame = CGRect(origin: root.positions[index], size: root.children[index].size)
            let count = BuildCounter.counts[index]
            let color = count == 0 ? "#dddddd" : index == tapped ? "#43a047" : "#e53935"
            cells.append(
                String(
                    format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%@\" stroke=\"white\"/>",
                    x + 20 + frame.minX, 40 + frame.minY, frame.width, frame.height, color))
            cells.append(
                String(
                    format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-family=\"sans-serif\" fill=\"white\">%d×</text>",
                    x + 26 + frame.minX, 54 + frame.minY, count))
        }
        let title =
            "<text x=\"\(x + 20)\" y=\"26\" font-size=\"15\" font-family=\"sans-serif\">\(variant): \(builds) build\(builds == 1 ? "" : "s") for one like</text>"
        return title + "\n" + cells.joined(separator: "\n")
    }
}
