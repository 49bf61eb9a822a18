import Foundation
import PerceiveLayout
import Testing

@Suite("Table widths (water level)")
struct TableWidthsTests {
    @Test(
        arguments: [
            // 63.6667 and 155.3333 are the measured widths 191/3 and 466/3, rounded in the spec.
            ([191.0 / 3, 45], 500.0, true, [259.3333, 240.6667]),
            ([466.0 / 3, 466.0 / 3], 300, true, [150, 150]),
            ([50, 100, 200], 300, true, [50, 100, 150]),
            ([50, 100, 200], 200, true, [50, 75, 75]),
            ([50, 100, 200], 120, true, [40, 40, 40]),
            ([50, 100, 200], 350, true, [50, 100, 200]),
            ([50, 100, 200], 400, true, [66.6667, 116.6667, 216.6667]),
            ([50, 100, 200], 400, false, [50, 100, 200]),
            ([50, 100, 100, 200], 250, true, [50, 66.6667, 66.6667, 66.6667])
        ] as [([Double], Double, Bool, [Double])])
    func vectors(widths: [Double], maxWidth: Double, pads: Bool, expected: [Double]) {
        let result = TableWidths.distribute(widths.map { CGFloat($0) }, maxWidth: CGFloat(maxWidth), pads: pads)
        #expect(result.map(rounded) == expected.map { CGFloat($0) })
    }

    @Test func widthsAreNeverNegative() {
        let (result, messages) = Diagnostics.capture { TableWidths.distribute([50, -10], maxWidth: -100, pads: true) }
        #expect(result == [0, 0])
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: TableReader: invalid maxWidth -100.0 was replaced by 0.",
                "PerceiveLayout: TableReader: invalid column width -10.0 was replaced by 0."
            ])
        #expect(TableWidths.distribute([], maxWidth: 100, pads: true) == [])
    }
}
