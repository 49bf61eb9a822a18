import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A node list made from runs of the previous one takes its slots over: the new list owns them,
/// the previous list's entries are the same slots, moved, and every slot is freed exactly once —
/// when the last list or holder that owns it goes.
@MainActor
@Suite("Slots handed over between node lists")
struct SlotHandOverTests {
    private func slot(_ index: Int) -> LayoutSlot {
        LayoutSlot(key: SlotKey(path: index, type: ObjectIdentifier(SlotHandOverTests.self), occurrence: 0), serial: index, parent: nil)
    }

    private func identities(_ nodes: [any RenderNode]) -> [ObjectIdentifier?] { nodes.map { $0.wrappedSlot.map(ObjectIdentifier.init) } }

    /// A removal's shape: rows 0 and 1 in place, row 3 one place earlier, row 2 left out.
    @Test func theNewListOwnsTheSlotsItTookAndTheOldOneTheRest() throws {
        try #require(NodeRuns.areAvailable)
        weak var kept: LayoutSlot?
        weak var removed: LayoutSlot?
        var taken: [any RenderNode] = []
        do {
            let slots = (0..<4).map(slot)
            (kept, removed) = (slots[3], slots[2])
            let previous: [any RenderNode] = slots
            var runs = NodeRuns()
            let noted = (runs.note(at: 0, from: 0, count: 2, of: previous), runs.note(at: 2, from: 3, count: 1, of: previous))
            #expect(noted == (true, true))
            taken = runs.merge([])
            #expect(identities(taken) == [0, 1, 3].map { ObjectIdentifier(slots[$0]) })
            // The previous list still names every slot, at its place, read as a node or by its words.
            #expect(identities(previous) == slots.map(ObjectIdentifier.init))
            #expect(previous.map(\.size) == slots.map(\.size))
            #expect(NodeWords.commonPrefix(taken, previous) == 2)
            #expect(NodeWords.same(taken, 2, previous, 3))
            #expect(!NodeWords.same(taken, 2, previous, 2))
            #expect(SlotBits.slot(in: taken, at: 2) === slots[3])
            // Moved entries are not slots' own words any more (render asks them as nodes).
            #expect(SlotBits.slot(in: previous, at: 3) == nil)
            #expect(SlotBits.slot(in: previous, at: 2) === slots[2])
        }
        // The previous list is gone: the slot it kept went with it, the ones it handed over did not.
        #expect(removed == nil)
        #expect(kept != nil)
        #expect(identities(taken).count == 3)
        taken = []
        #expect(kept == nil)
    }

    /// Two lists made from one previous list (a container laid out twice from the same memo): the
    /// second finds moved entries and takes a reference of its own; each slot goes with the last.
    @Test func aSecondListMadeFromTheSameSourceOwnsItsSlotsToo() throws {
        try #require(NodeRuns.areAvailable)
        weak var watched: LayoutSlot?
        var second: [any RenderNode] = []
        do {
            let slots = (0..<3).map(slot)
            watched = slots[1]
            let previous: [any RenderNode] = slots
            var runs = NodeRuns()
            let notedFirst = runs.note(at: 0, from: 0, count: 3, of: previous)
            let first = runs.merge([])
            var again = NodeRuns()
            let notedAgain = again.note(at: 0, from: 0, count: 3, of: previous)
            #expect(notedFirst && notedAgain)
            second = again.merge([])
            #expect(identities(first) == identities(second))
            #expect(SlotBits.slot(in: second, at: 1) === slots[1])
        }
        #expect(watched != nil)
        #expect(identities(second).count == 3)
        second = []
        #expect(watched == nil)
    }

    /// An engine showing `feed`'s rows in a plain stack (its root node is the stack's own node, a
    /// value: kept, it describes the layout that made it).
    private func show(_ feed: PatchFeed, in host: ComponentScrollView) {
        host.componentEngine.component = VStack { for row in feed.rows { PatchRowView(row: row).id(row.id) } }
        host.componentEngine.flush()
    }

    private func ids(_ nodes: [any RenderNode]) -> [String?] { nodes.map { $0.wrappedSlot?.explicitID } }

    /// Inside the engine, a swap's new list takes the rows over from the previous one, whose
    /// entries are then moved (the same slots, no longer their own words).
    @Test func aSwapHandsTheRowsOverToTheNewList() throws {
        try #require(NodeRuns.areAvailable)
        let (feed, host) = (PatchFeed(), ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400)))
        show(feed, in: host)
        // Read as the engine reads it (not `rootNode`, which would keep the lists whole).
        let previous = host.componentEngine.storedRootNode.children
        feed.rows.swapAt(1, 8)
        show(feed, in: host)
        #expect(SlotBits.slot(in: previous, at: 0) == nil)
        #expect(previous[0].wrappedSlot === SlotBits.slot(in: host.componentEngine.storedRootNode.children, at: 0))
        #expect(!host.componentEngine.listsEscaped)
    }

    /// A root node read from the engine stays whole: after it was read the engine copies the
    /// lists it keeps, so the node's rows are still there — same ids, same sizes — when the engine
    /// has swapped them and then dropped every row.
    @Test func aRootNodeReadOutsideKeepsItsRowsAfterTheEngineMovesOn() throws {
        try #require(NodeRuns.areAvailable)
        let (feed, host) = (PatchFeed(), ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400)))
        show(feed, in: host)
        feed.rows.swapAt(1, 8)
        show(feed, in: host)
        let snapshot = try #require(host.componentEngine.rootNode)
        #expect(host.componentEngine.listsEscaped)
        let expected = ["0", "8", "2", "3", "4", "5", "6", "7", "1", "9"]
        #expect(ids(snapshot.children) == expected)
        feed.rows.swapAt(2, 7)
        show(feed, in: host)
        // Not handed over: the kept list's entries are still the slots' own.
        #expect((0..<10).allSatisfy { SlotBits.slot(in: snapshot.children, at: $0) != nil })
        feed.rows.removeAll()
        show(feed, in: host)
        #expect(host.componentEngine.storedRootNode.children.isEmpty)
        #expect(ids(snapshot.children) == expected)
        #expect(snapshot.children.map(\.size) == Array(repeating: CGSize(width: 300, height: 20), count: 10))
    }

    /// Render reads an engine's root slot in place: the slot a builder's root is, and nothing for
    /// a node that is not a slot itself (a plain node, a moved entry naming a slot).
    @Test func anEnginesRootSlotIsReadInPlace() throws {
        try #require(SlotBits.holds)
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        host.componentEngine.component = RootLabel()
        host.componentEngine.flush()
        let root = try #require(host.componentEngine.storedRootNode.wrappedSlot)
        #expect(SlotBits.withSlot(host.componentEngine.storedRootNode) { $0 } === root)
        #expect(SlotBits.withSlot(EmptyLayoutNode(size: .zero)) { $0 } == nil)
        #expect(SlotBits.withSlot(MovedSlot(slot: root)) { $0 } == nil)
    }
}

/// A builder shown as an engine's component: the engine's root is its slot.
private struct RootLabel: ComponentBuilder {
    func build() -> some Component { Text("root") }
}
