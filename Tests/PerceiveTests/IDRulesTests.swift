import Foundation
import Perceive
import PerceiveLayout
import Testing

/// What an id is unique within, and how `findView(id:)` resolves one.
@MainActor
@Suite("Id rules")
struct IDRulesTests {
    @Test func anExplicitIDNeverCollidesWithAPosition() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        host.componentEngine.component = VStack {
            Text("header").perceptionView(width: .fill, height: 20) // automatic id "0"
            Text("zero").id(0) // explicit id "0"
        }
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(messages.isEmpty)
        #expect((host.findView(id: "0") as? LabelView)?.text == "zero")
        #expect(host.subviews.map(\.componentID) == ["0", "0"])
    }

    @Test func anIDInsideAnIdentifiedRowIsScopedByTheRow() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        host.componentEngine.component = VStack {
            for row in 0..<3 {
                HStack {
                    Text("row \(row)")
                    Text("toggle \(row)").id("toggle")
                }
                .id("row-\(row)")
            }
        }
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(messages.isEmpty)
        #expect(host.subviews.map(\.componentID) == ["row-0.0", "row-0/toggle", "row-1.0", "row-1/toggle", "row-2.0", "row-2/toggle"])
        #expect((host.findView(id: "row-1/toggle") as? LabelView)?.text == "toggle 1")
    }

    @Test func aMemoizedRowsOutputThatNamesItselfIsScopedByTheRow() {
        // Each row's builder shows one boundary that carries its own id: render collects the row's
        // slot as one item, keyed by the row's id and then the output's.
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let rows = { (labels: [String]) in
            VStack { for (index, label) in labels.enumerated() { NamedBoxRow(label: label).id("row-\(index)") } }
        }
        host.componentEngine.component = rows(["a", "b"])
        host.componentEngine.flush()
        #expect(host.subviews.map(\.componentID) == ["row-0/box", "row-1/box"])
        // The second row rebuilds alone; both keep their keys and views.
        let views = host.subviews
        host.componentEngine.component = rows(["a", "c"])
        host.componentEngine.flush()
        #expect(host.subviews.map(\.componentID) == ["row-0/box", "row-1/box"])
        #expect(zip(host.subviews, views).allSatisfy { $0 === $1 })
    }

    @Test func repeatedIDsInOneScopeAreStillRenamedAndReported() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        host.componentEngine.component = VStack {
            Text("a").id("x")
            Text("b").id("x")
        }
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        #expect(
            messages.map(\.text) == [
                "Perceive: duplicate id \"x\" among siblings in the scope of VStack; the repeat was renamed \"x#2\". Give each item a unique .id."
            ])
        #expect(host.subviews.map(\.componentID) == ["x", "x#2"])
    }

    /// The small string's words of a number, as shared with text literals: exactly the standard
    /// library's where the number is a small string, and none where it is not.
    @Test func aNumbersSmallStringWordsAreTheStandardLibrarys() {
        #if _pointerBitWidth(_64) && _endian(little)
            let small = [0, 9, 10, 99_999_999, 100_000_000, 123_456_789, 999_999_999_999_999]
            #expect(small.map { _smallDecimalWords($0).map { unsafeBitCast($0, to: String.self) } } == small.map { String($0) })
            for value in small {
                let standard = unsafeBitCast(String(value), to: (UInt64, UInt64).self)
                #expect(_smallDecimalWords(value).map { $0 == standard } == true, "\(value)")
            }
            #expect([-1, Int.min, 1_000_000_000_000_000, Int.max].map { _smallDecimalWords($0) == nil } == [true, true, true, true])
            // Every number below 10,000 (spelled by the shorter path) and the first ones past it.
            let differing = (0..<10_100).filter { value in
                _smallDecimalWords(value).map { $0 == unsafeBitCast(String(value), to: (UInt64, UInt64).self) } != true
            }
            #expect(differing == [])
        #else
            #expect(_smallDecimalWords(7) == nil)
        #endif
    }

    @Test func anIntegerIDIsItsDecimalSpelling() {
        // Every length a small string holds (powers of ten and their neighbours), and past it.
        var values = Array(0...1_000) + [42, 123_456_789, 999_999_999_999_999, 1_000_000_000_000_000, Int.max, -1, -42, Int.min]
        var power = 10
        while power <= 1_000_000_000_000_000 {
            values += [power - 1, power, power + 1, power * 7 / 3]
            power *= 10
        }
        #expect(values.map(_decimalSpelling) == values.map { String($0) })
        #expect(values.map { _decimalSpelling($0).utf8.count } == values.map { String($0).utf8.count })
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        host.componentEngine.component = VStack {
            for row in [3, 12, 1_000_000] { Text("row \(row)").id(row) }
        }
        host.componentEngine.flush()
        #expect(host.subviews.map(\.componentID) == ["3", "12", "1000000"])
        #expect((host.findView(id: "12") as? LabelView)?.text == "row 12")
    }
}

/// A memoized row showing a boundary with an id of its own.
private struct NamedBoxRow: ComponentBuilder, Equatable {
    let label: String
    func build() -> some Component { Text(label).perceptionView(width: 100, height: 20).id("box") }
}
