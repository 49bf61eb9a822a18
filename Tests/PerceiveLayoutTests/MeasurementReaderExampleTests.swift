import Foundation
import PerceiveLayout
import Testing

// The measurement reader's README examples (same height, same width per column, a table whose version is the
// container width), re-expressed with Perceive components and checked frame by frame.

enum PersonField: Hashable { case no, name }

enum FoodField: Hashable { case name, portion, calories }

@MainActor
@Suite("Measurement readers: same height, same width per column, tables")
struct MeasurementReaderExampleTests {
    func render(_ component: any Component, width: CGFloat) -> ComponentView {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: width, height: 600))
        view.componentEngine.component = component
        view.componentEngine.flush()
        return view
    }

    func labelFrames(_ view: PlatformView) -> [String: CGRect] {
        var frames: [String: CGRect] = [:]
        for label in view.findViews(ofType: LabelView.self) { frames[label.text] = label.frame(in: view) }
        return frames
    }

    @Test func sameHeight() {
        let view = render(
            SizeReader { proxy in
                HStack(spacing: 8) {
                    VStack { Text("Top aligned").measure(proxy) }
                        .frame(minHeight: proxy.maxHeight(), alignment: .top)
                    VStack { Text("Bottom aligned").measure(proxy) }
                        .frame(minHeight: proxy.maxHeight(), alignment: .bottom)
                    VStack { Text("Multiline text\nLine 1\nLine 2\nLine 3\nLine 4").measure(proxy) }
                        .frame(minHeight: proxy.maxHeight())
                }
            }, width: 400)
        let frames = labelFrames(view)
        #expect(frames["Top aligned"] == CGRect(x: 0, y: 0, width: 93.5, height: 21))
        #expect(frames["Bottom aligned"] == CGRect(x: 101.5, y: 84, width: 119, height: 21))
        #expect(frames["Multiline text\nLine 1\nLine 2\nLine 3\nLine 4"] == CGRect(x: 228.5, y: 0, width: 119, height: 105))
    }

    static let people = [("No.", "Name", "Address"), ("1", "Alice", "1 Main St"), ("22", "Some really really long name", "2 Side St")]

    static func personRows(_ proxy: MeasurementProxy<PersonField>) -> any Component {
        VStack(spacing: 8) {
            for person in people {
                let font: Font = person.0 == "No." ? .boldSystemFont(ofSize: 16) : .systemFont(ofSize: 16)
                HStack(spacing: 16) {
                    VStack { Text(person.0).font(font).measure(proxy, .no) }
                        .frame(minWidth: proxy.maxWidth(.no), alignment: .trailing)
                    VStack { Text(person.1).font(font).measure(proxy, .name) }
                        .frame(minWidth: proxy.maxWidth(.name), alignment: .leading)
                    Text(person.2).font(font).flex()
                }
            }
        }
    }

    @Test func sameWidthPerColumn() {
        let view = render(MeasurementReader<PersonField> { proxy in Self.personRows(proxy) }, width: 400)
        let frames = labelFrames(view)
        // Column "no" is as wide as "No." in bold (3 × 8.8) and right-aligned.
        #expect(rounded(frames["No."]) == CGRect(x: 0, y: 0, width: 26.4, height: 20))
        #expect(rounded(frames["1"]) == CGRect(x: 18.4, y: 28, width: 8, height: 20))
        #expect(rounded(frames["22"]) == CGRect(x: 10.4, y: 56, width: 16, height: 20))
        // Column "name" starts after it and is as wide as the longest name (28 × 8).
        #expect(rounded(frames["Alice"])?.minX == 42.4)
        #expect(rounded(frames["Some really really long name"]) == CGRect(x: 42.4, y: 56, width: 224, height: 20))
        #expect(rounded(frames["1 Main St"])?.minX == 282.4)
        #expect(rounded(frames["2 Side St"])?.minX == 282.4)
    }

    @Test func tableWithVersionFromTheContainerWidth() {
        let foods = [("Name", "Portion", "Calories"), ("Apple", "1", "95"), ("Banana bread", "2 slices", "390")]
        func table(width: CGFloat) -> ComponentView {
            render(
                SizeReader { container in
                    VStack {
                        Space().size(width: .fill, height: 0).measure(container)
                        TableReader<FoodField>(maxWidth: (container.maxWidth() ?? 0) - 16 * 2, version: container.maxWidth()) { proxy in
                            VStack {
                                for food in foods {
                                    HStack {
                                        VStack { Text(food.0).inset(h: 8).measure(proxy, .name) }
                                            .frame(width: proxy.columnWidth(.name), alignment: .leading)
                                        VStack { Text(food.1).inset(h: 8).measure(proxy, .portion) }
                                            .frame(width: proxy.columnWidth(.portion), alignment: .trailing)
                                        VStack { Text(food.2).inset(h: 8).measure(proxy, .calories) }
                                            .frame(width: proxy.columnWidth(.calories), alignment: .trailing)
                                    }
                                }
                            }
                            .inset(h: 16)
                        }
                    }
                }, width: width)
        }
        // Measured (merged, so the widest ever): name "Banana bread" 12 × 8.5 + 16 = 118, portion
        // "2 slices" 8 × 8.5 + 16 = 84, calories "Calories" 84; together 286.
        func scaled(_ value: CGFloat?) -> Int? { value.map { Int(($0 * 10_000).rounded()) } }
        // Wide (400): 368 available, 82 spare → each column gets 27.3333 more: 145.3333, 111.3333, 111.3333.
        let wide = labelFrames(table(width: 400))
        #expect(wide["Name"]?.minX == 24)
        #expect(wide["Apple"]?.minX == 24)
        #expect(scaled(wide["1"]?.maxX) == scaled(16 + 118 + 84 + 2 * 82 / 3 - 8))
        #expect(scaled(wide["390"]?.maxX) == scaled(400 - 16 - 8))
        // Narrow (250): 218 available for 286 → the water level caps every column at 72.6667, and
        // the columns' contents are laid out (wrapped) within them.
        let narrow = labelFrames(table(width: 250))
        #expect(narrow["Name"]?.minX == 24)
        #expect(scaled(narrow["Calories"]?.maxX) == scaled(16 + 218 - 8))
        #expect(scaled(narrow["390"]?.maxX) == scaled(16 + 218 - 8))
        #expect(scaled(narrow["1"]?.maxX) == scaled(16 + 2 * 218 / 3 - 8))
        #expect(narrow["Banana bread"]?.height == 42)
    }
}
