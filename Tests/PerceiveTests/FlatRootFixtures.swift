import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

// What the flat-root and in-room render tests show.

/// What a level of a nested shape reads, and what the tests change in it.
final class LevelSource: Perceptible {
    @Perceived var value = 0
    @Perceived var tall = false
    @Perceived var swapped = false
    @Perceived var picture = false
}

struct LevelChild: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component { Text("child \(source.value)").size(width: 50, height: 10) }
}

/// A builder whose layout is a stack of single views: a label and a boundary (a level of the
/// nested shape), then two labels named by ids, whose order and view types the source decides.
struct Level: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component {
        VStack(spacing: 2) {
            Text("top \(source.value)").size(width: 60, height: source.tall ? 200 : 10)
            LevelChild(source: source).perceptionView(width: 50, height: 10).id("child")
            if source.swapped {
                Text("second").size(width: 30, height: 10).id("second")
                Text("first").size(width: 30, height: 10).id("first")
            } else {
                Text("first").size(width: 30, height: 10).id("first")
                if source.picture {
                    Image(PlatformImage(name: "star", size: CGSize(width: 30, height: 10))).id("second")
                } else {
                    Text("second").size(width: 30, height: 10).id("second")
                }
            }
        }
    }
}

/// A picture that counts taps under its count (the gallery's cell): a view hosting a view, and a
/// label inside a centring stack, over it.
struct Card: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component {
        Image(PlatformImage(name: "card", size: CGSize(width: 80, height: 60)))
            .tappableView {}
            .overlay {
                ZStack(verticalAlignment: .center, horizontalAlignment: .center) {
                    Text("\(source.value)").size(width: 20, height: 10).id("count")
                }
                .fill()
            }
    }
}

/// A label beside a column of two (the second named) inside a row of its own, perhaps with the
/// column itself named; with a tall gap (`gap`), the column's second label sits below the host.
struct Columns: ComponentBuilder {
    let source: LevelSource
    var gap: CGFloat = 1
    func build() -> some Component {
        HStack(spacing: 4) {
            Text("left \(source.value)").size(width: 40, height: 10)
            HStack {
                if source.swapped {
                    column.id("column")
                } else {
                    column
                }
            }
        }
    }

    private var column: VStack {
        VStack(spacing: gap) {
            Text("a \(source.value)").size(width: 30, height: 10)
            Text("b").size(width: 30, height: 10).id("b")
        }
    }
}

/// Two labels under one id.
struct Twins: ComponentBuilder {
    let source: LevelSource
    func build() -> some Component {
        VStack {
            Text("a \(source.value)").size(width: 30, height: 10).id("twin")
            Text("b \(source.value)").size(width: 30, height: 10).id("twin")
        }
    }
}

/// The render record of `host`'s root builder before and after `change` and a flush.
@MainActor
func rootRecords(of host: ComponentView, around change: () -> Void) throws -> (before: RenderRecord, after: RenderRecord) {
    guard case .slot(let slot) = host.componentEngine.storedRootNode._wrapping.kind else {
        throw RootIsNotASlot()
    }
    let before = try #require(slot.renderRecord)
    change()
    host.componentEngine.flush()
    return (before, try #require(slot.renderRecord))
}

struct RootIsNotASlot: Error {}

/// `after` is `before`, rewritten as a walk over the whole root writes it: `count` views from the
/// host's first, at its origin, under the root's path, in this render, as no list.
@MainActor
func expectWrittenAsTheWalkWrites(
    _ records: (before: RenderRecord, after: RenderRecord), count: Int, in host: ComponentView,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let record = records.after
    #expect(record === records.before, sourceLocation: sourceLocation)
    #expect(record.isIn(host), sourceLocation: sourceLocation)
    #expect((record.start, record.count) == (0, count), sourceLocation: sourceLocation)
    #expect(record.origin == .zero, sourceLocation: sourceLocation)
    #expect(record.path == RenderPath(""), sourceLocation: sourceLocation)
    #expect(record.visible == host.bounds, sourceLocation: sourceLocation)
    #expect(record.render == host.componentEngine.renderCount, sourceLocation: sourceLocation)
    #expect(record.list == nil, sourceLocation: sourceLocation)
}
