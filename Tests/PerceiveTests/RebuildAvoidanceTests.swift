import Foundation
import Perceive
import PerceiveLayout
import Testing

/// The scroll-offset header's screen: the parent reads the offset; its children take plain values.
final class ScrollModel: Perceptible {
    @Perceived var offset: CGFloat = 0
    @Perceived var counter = 0
    @Perceived var hello = "Hello"
}

struct RenderingCycle: ComponentBuilder {
    let model: ScrollModel
    func build() -> some Component {
        VStack(spacing: 20) {
            Text("HEADER").with(\.alpha, -model.offset > 300 ? 0.5 : 1)
            Counter(counter: model.counter)
            Hello(hello: model.hello)
        }
    }
}

struct Counter: ComponentBuilder, Equatable {
    let counter: Int
    func build() -> some Component { Text("\(counter)").size(width: 150, height: 30) }
}

struct Hello: ComponentBuilder, Equatable {
    let hello: String
    func build() -> some Component { Text(hello).size(width: 150, height: 30) }
}

/// An equatable row whose equality ignores the model it reads: its own reads decide rebuilds.
final class RowModel: Perceptible {
    @Perceived var value = 0
}

struct MemoRow: ComponentBuilder, @MainActor Equatable {
    let index: Int
    let model: RowModel
    static func == (lhs: MemoRow, rhs: MemoRow) -> Bool { lhs.index == rhs.index && lhs.model === rhs.model }
    func build() -> some Component { Text("row \(index): \(model.value)").id("row-\(index)") }
}

@MainActor
@Suite("Rebuild avoidance")
struct RebuildAvoidanceTests {
    @Test func equalChildrenAreNotRebuiltOverAThousandOffsetChanges() {
        let model = ScrollModel()
        let host = makeHost(RenderingCycle(model: model))
        host.componentEngine.resetStats()
        for step in 1...1_000 {
            model.offset = -CGFloat(step)
            host.componentEngine.flush()
        }
        #expect(host.componentEngine.buildsByType == ["RenderingCycle": 1_000])
        #expect(host.componentEngine.stats.buildsSkipped == 2_000)
        #expect(host.findViews(ofType: LabelView.self).first?.alpha == 0.5)
        // A changed input rebuilds exactly that child.
        host.componentEngine.resetStats()
        model.counter = 7
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["RenderingCycle": 1, "Counter": 1])
        #expect(host.findViews(ofType: LabelView.self).map(\.text) == ["HEADER", "7", "Hello"])
    }

    @Test func aWriteToWhatAnEqualBuilderReadRebuildsOnlyThatBuilder() {
        let models = (0..<10).map { _ in RowModel() }
        final class List: Perceptible { @Perceived var title = "list" }
        let list = List()
        struct Rows: ComponentBuilder {
            let list: List
            let models: [RowModel]
            func build() -> some Component {
                VStack {
                    Text(list.title)
                    for (index, model) in models.enumerated() { MemoRow(index: index, model: model) }
                }
            }
        }
        let host = makeHost(Rows(list: list, models: models))
        host.componentEngine.resetStats()
        models[3].value = 1
        host.componentEngine.flush()
        // The row's own reads changed: only it builds, in an incremental reload; the parent does not.
        #expect(host.componentEngine.buildsByType == ["MemoRow": 1])
        #expect(host.componentEngine.stats.incrementalReloads == 1)
        #expect((host.findView(id: "row-3") as? LabelView)?.text == "row 3: 1")
        // The other rows are still observed: a write to one of them rebuilds it.
        host.componentEngine.resetStats()
        models[8].value = 5
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["MemoRow": 1])
        #expect((host.findView(id: "row-8") as? LabelView)?.text == "row 8: 5")
        // A parent change alone rebuilds no row.
        host.componentEngine.resetStats()
        list.title = "renamed"
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["Rows": 1])
        #expect(host.componentEngine.stats.buildsSkipped == 10)
    }

    @Test func aBuildThatDropsTheLastReferenceToItsModelRunsOnce() {
        // The memoized row built with a new note releases the old note, whose last reference it
        // held: the note's deallocation must not reach the row's new subscription as a change.
        let holder = NoteHolder()
        let host = makeHost(NoteScreen(holder: holder))
        host.componentEngine.resetStats()
        holder.note = HeldNote(text: "second")
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType == ["NoteScreen": 1, "NoteRow": 1])
        #expect(host.componentEngine.stats.reloads == 1)
        #expect((host.subviews.first as? LabelView)?.text == "second")
    }

    @Test func aDifferentEnvironmentRebuildsAndADifferentConstraintLaysOutAgain() {
        struct Accent: EnvironmentKey { static let defaultValue = "blue" }
        struct Probe: ComponentBuilder, @MainActor Equatable {
            @Environment(\.probeAccent) var accent
            static func == (lhs: Probe, rhs: Probe) -> Bool { true }
            func build() -> some Component { Text(accent).id("probe") }
        }
        final class Holder: Perceptible { @Perceived var accent = "red"; @Perceived var width: CGFloat = 200 }
        let holder = Holder()
        struct Screen: ComponentBuilder {
            let holder: Holder
            func build() -> some Component {
                Probe().environment(\.probeAccent, holder.accent).size(width: .absolute(holder.width), height: 30)
            }
        }
        let host = makeHost(Screen(holder: holder))
        host.componentEngine.resetStats()
        holder.accent = "green"
        host.componentEngine.flush()
        #expect((host.findView(id: "probe") as? LabelView)?.text == "green")
        #expect(host.componentEngine.buildsByType["Probe"] == 1)
        // A build does not depend on the constraint: the body it made is laid out again at 100.
        holder.width = 100
        host.componentEngine.flush()
        #expect(host.componentEngine.buildsByType["Probe"] == 1)
        #expect(host.componentEngine.stats.buildsSkipped == 1)
        #expect(host.findView(id: "probe")?.frame.width == 100)
    }
}

extension EnvironmentValues {
    var probeAccent: String {
        get { self[ProbeAccentKey.self] }
        set { self[ProbeAccentKey.self] = newValue }
    }
}

struct ProbeAccentKey: EnvironmentKey { static let defaultValue = "blue" }

final class HeldNote: Perceptible {
    @Perceived var text: String
    init(text: String) { self.text = text }
}

final class NoteHolder: Perceptible {
    @Perceived var note = HeldNote(text: "first")
}

struct NoteRow: ComponentBuilder, @MainActor Equatable {
    let note: HeldNote
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.note === rhs.note }
    func build() -> some Component { Text(note.text) }
}

struct NoteScreen: ComponentBuilder {
    let holder: NoteHolder
    func build() -> some Component { NoteRow(note: holder.note) }
}
