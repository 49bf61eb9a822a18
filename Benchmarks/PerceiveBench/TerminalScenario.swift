import Foundation
import Perceive
import PerceiveLayout
import PerceiveTerminal

/// The gallery drawn in a terminal: what a like tap costs on screen (flush, draw, encode) and
/// what it writes, against redrawing the whole screen.
@MainActor
enum TerminalScenario {
    static let sizes = [(100, 40), (300, 100)]

    static func run(_ options: Options, _ report: Report) {
        let count = 10_000
        for (columns, rows) in sizes {
            let variant = "\(columns)x\(rows)"
            let pictures = (0..<count).map(TerminalPicture.init)
            let screen = TerminalScreen(columns: columns, rows: rows, colors: .trueColor) { TerminalWall(pictures: pictures) }
            _ = screen.frame()
            _ = screen.handle(.key(.tab))
            _ = screen.frame()
            var (tapSamples, redrawSamples, tapBytes, redrawBytes, cells) = ([Double](), [Double](), 0, 0, 0)
            for step in 0..<(options.quick ? 20 : 300) {
                _ = screen.handle(.key(.enter))
                let start = Measure.now()
                let bytes = screen.frame()
                if step > 0 { tapSamples.append(Double(Measure.now() - start)) }
                (tapBytes, cells) = (bytes.count, screen.lastFrame.cellsWritten)
                screen.invalidate()
                let redrawStart = Measure.now()
                redrawBytes = screen.frame().count
                if step > 0 { redrawSamples.append(Double(Measure.now() - redrawStart)) }
            }
            report.add("terminal", variant, n: count, "tap_median_ns", Measure.median(tapSamples))
            report.add("terminal", variant, n: count, "tap_bytes", Double(tapBytes))
            report.add("terminal", variant, n: count, "tap_cells_written", Double(cells))
            report.add("terminal", variant, n: count, "redraw_median_ns", Measure.median(redrawSamples))
            report.add("terminal", variant, n: count, "redraw_bytes", Double(redrawBytes))
        }
    }

    static func render(_ report: Report) -> String {
        var table = Table(headers: ["terminal", "tap µs", "tap bytes", "tap cells", "full redraw µs", "full redraw bytes"])
        for (columns, rows) in sizes {
            let value = { (metric: String) in report.value("terminal", "\(columns)x\(rows)", n: 10_000, metric) ?? .nan }
            table.add([
                "\(columns)×\(rows)", format(value("tap_median_ns") / 1_000), format(value("tap_bytes")),
                format(value("tap_cells_written")), format(value("redraw_median_ns") / 1_000), format(value("redraw_bytes"))
            ])
        }
        let tap = report.value("terminal", "100x40", n: 10_000, "tap_median_ns") ?? .nan
        let bytes = report.value("terminal", "100x40", n: 10_000, "tap_bytes") ?? .nan
        return table.render() + "\n\nVerdict: a like tap at 100×40 takes \(format(tap / 1_000)) µs (target ≤ 100: "
            + "\(tap <= 100_000 ? "met" : "missed"); a timing, so a loaded machine can miss it) and writes "
            + "\(format(bytes)) bytes (target ≤ 64: \(bytes <= 64 ? "met" : "missed")) — the changed digit, its cursor move "
            + "and pen; the full redraw of the same screen is the baseline."
    }
}

/// The terminal gallery's picture: a coloured block with a like count.
final class TerminalPicture: Perceptible {
    let id: Int
    let height: CGFloat
    let color: PlatformColor
    @Perceived var likes = 0
    init(id: Int) {
        self.id = id
        height = CGFloat(3 + (id * 7) % 6)
        color = PlatformColor(red: 0.2 + 0.1 * CGFloat(id % 5), green: 0.3, blue: 0.2 + 0.1 * CGFloat(id % 3))
    }
}

/// The pictures in a 2-column waterfall inside a scroll view, each cell its own boundary.
struct TerminalWall: ComponentBuilder {
    let pictures: [TerminalPicture]
    func build() -> some Component {
        Waterfall(columns: 2, spacing: 1) {
            for picture in pictures {
                TerminalPictureCell(picture: picture).perceptionView(width: .fill, height: .absolute(picture.height)).id(picture.id)
            }
        }
        .perceptionScrollView(width: .fill, height: .fill)
    }
}

struct TerminalPictureCell: ComponentBuilder {
    let picture: TerminalPicture
    func build() -> some Component {
        Text(" ♥ \(picture.likes)").textColor(.white).size(width: .fill, height: .fill).with(\.backgroundColor, picture.color)
            .tappableView { [weak picture] in picture?.likes += 1 }
    }
}
