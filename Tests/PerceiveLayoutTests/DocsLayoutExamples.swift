// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
import PerceiveLayout

// The examples of Docs/Layout.md and Docs/MeasurementReaders.md, compiled and checked.

enum Field: Hashable { case number, name }

@MainActor
@Suite("Docs layout examples")
struct DocsLayoutExamples {
    @Test func stacks() {
        let toolbar = HStack(spacing: 8, justifyContent: .spaceBetween, alignItems: .center) {
            Text("Back")
            Text("Title").font(.boldSystemFont(ofSize: 17)).flex()
            Text("Done")
        }
        let node = layout(toolbar, width: 300)
        #expect(childFrames(node).map(rounded) == [
            CGRect(x: 0, y: 0, width: 34, height: 21), CGRect(x: 42, y: 0, width: 216, height: 21),
            CGRect(x: 266, y: 0, width: 34, height: 21),
        ])
    }

    @Test func layering() {
        let badge = Text("3")
            .inset(h: 6, v: 2)
            .background { Space().fill() }
            .overlay { ZStack(verticalAlignment: .start, horizontalAlignment: .end) { Space(width: 4, height: 4) } }
        let node = layout(badge)
        #expect(node.size == CGSize(width: 20.5, height: 25))
        #expect(node.children[1].size == CGSize(width: 20.5, height: 25))
        #expect(node.children[1].positions == [CGPoint(x: 16.5, y: 0)])
    }

    @Test func flowAndWaterfall() {
        let tags = Flow(lineSpacing: 4, interItemSpacing: 4, justifyContent: .start) {
            for tag in ["swift", "linux", "ui", "observation"] { Text(tag).inset(4) }
        }

        let gallery = Waterfall(columns: 2, columnSpacing: 10, interItemSpacing: 5) {
            for height in [20, 10, 15] as [CGFloat] { Space().size(width: .fill, height: .absolute(height)) }
        }
        let flow = layout(tags, width: 120)
        #expect(childFrames(flow).map(\.origin) == [CGPoint(x: 0, y: 0), CGPoint(x: 54.5, y: 0), CGPoint(x: 0, y: 33), CGPoint(x: 0, y: 66)])
        let waterfall = layout(gallery, width: 110)
        #expect(waterfall.positions == [CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 0), CGPoint(x: 60, y: 15)])
        #expect(waterfall.size == CGSize(width: 110, height: 30))
    }

    @Test func text() {
        let title = Text("Hello").font(.boldSystemFont(ofSize: 20)).textColor(.red).numberOfLines(1)
        #expect(layout(title).size == CGSize(width: 55, height: 24))

        let likes = 42
        let badge = Text("\(likes) likes")  // "42 likes", put together in place
        let name = "a caption longer than fifteen bytes"
        let caption = Text(name)  // the String itself
        #expect(badge.text == "42 likes")
        #expect(caption.text == name)
    }

    @Test func readers() {
        let rows = MeasurementReader<Field> { proxy in
            VStack(spacing: 8) {
                for (number, name) in [("1", "Alice"), ("22", "Bob")] {
                    HStack(spacing: 16) {
                        Text(number).measure(proxy, .number)
                            .frame(minWidth: proxy.maxWidth(.number), alignment: .trailing)
                        Text(name).measure(proxy, .name)
                            .frame(minWidth: proxy.maxWidth(.name), alignment: .leading)
                    }
                }
            }
        }
        let node = layout(rows)
        #expect(node.children.map { childFrames($0).map(\.width) } == [[17, 42.5], [17, 42.5]])

        let table = SizeReader { container in
            VStack {
                Space().size(width: .fill, height: 0).measure(container)
                TableReader<Field>(maxWidth: container.maxWidth() ?? 0, version: container.maxWidth()) { proxy in
                    HStack {
                        Text("22").inset(h: 8).measure(proxy, .number)
                            .frame(width: proxy.columnWidth(.number), alignment: .trailing)
                        Text("Alice").inset(h: 8).measure(proxy, .name)
                            .frame(width: proxy.columnWidth(.name), alignment: .leading)
                    }
                }
            }
        }
        // 300 wide: columns measured 33 and 58.5 share 208.5 spare: 137.25 and 162.75.
        let tableNode = layout(table, width: 300)
        #expect(childFrames(tableNode.children[1]).map(\.width) == [137.25, 162.75])
        #expect(TableWidths.distribute([50, 100, 200], maxWidth: 200, pads: true) == [50, 75, 75])
    }
}
