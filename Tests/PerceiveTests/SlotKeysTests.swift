import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// What a slot keeps besides its layout (keys of per-engine state, a capped flush's kept reads)
/// lives in a side object that exists only while there is something in it.
@MainActor
@Suite("Slot side state")
struct SlotKeysTests {
    /// A memoized builder that writes what it reads is stopped by the reload limit; its last allowed
    /// build keeps the cells it read for the flush, and when the flush ends no slot keeps anything
    /// (the side object that held the cells goes with them).
    @Test func aCappedFlushLeavesNothingInItsSlots() {
        let model = SelfFeedingModel()
        let (host, messages) = Diagnostics.capture { makeHost(SelfFeedingTable(model: model)) }
        #expect(host.componentEngine.stats.reloads == ReloadScheduler.reloadLimitPerFlush)
        #expect(messages.count == 1)
        #expect(slots(of: host.componentEngine).map { $0.keyed == nil } == [true, true])
    }

    /// A slot whose layout uses per-engine state (a reader's history) keeps its keys there; one that
    /// uses none has no side object.
    @Test func onlyASlotUsingPerEngineStateHasKeys() {
        let host = makeHost(ReadingTable())
        let keyed = slots(of: host.componentEngine).map { $0.keys.isEmpty ? "no keys" : "keys" }
        #expect(keyed.contains("keys"))
        #expect(slots(of: host.componentEngine).allSatisfy { ($0.keyed == nil) == $0.keys.isEmpty && $0.buildKeys.isEmpty })
    }

    private func slots(of engine: ComponentEngine) -> [LayoutSlot] {
        var (pending, found) = ([engine.layoutContext.root], [LayoutSlot]())
        while let slot = pending.popLast() {
            found.append(slot)
            pending.append(contentsOf: slot.childSlots)
        }
        return found
    }
}

private final class SelfFeedingModel: Perceptible, @unchecked Sendable {
    @Perceived var value = 0
}

/// Reads the model's value and writes the next one: every build invalidates itself.
private struct SelfFeedingRow: ComponentBuilder, @MainActor Equatable {
    let model: SelfFeedingModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component {
        let value = model.value
        model.value = value + 1
        return Text("\(value)")
    }
}

private struct SelfFeedingTable: ComponentBuilder {
    let model: SelfFeedingModel
    func build() -> some Component { VStack { SelfFeedingRow(model: model) } }
}

/// A row whose layout measures its label (a reader, which keeps a history per engine).
private struct ReadingRow: ComponentBuilder {
    func build() -> some Component {
        SizeReader { proxy in Text("measured").measure(proxy) }
    }
}

private struct ReadingTable: ComponentBuilder {
    func build() -> some Component { VStack { ReadingRow() } }
}
