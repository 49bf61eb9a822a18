import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// The retained layout keeps exactly the slots of the last layout: none leaks, however bodies
/// are laid out again (stacks measuring twice, readers' passes) and whatever changes.
final class RetainedCount: Perceptible {
    @Perceived var value = 0
}

/// A memoized row showing its count.
struct RetainedCountRow: ComponentBuilder, @MainActor Equatable {
    let count: RetainedCount
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.count === rhs.count }
    func build() -> some Component { Text("\(count.value)") }
}

@MainActor
@Suite("Retained tree")
struct RetainedTreeTests {
    /// A change delivered late — queued by a write on another thread before the row left the tree,
    /// applied after — finds its subscription cancelled and touches nothing (the subscription names
    /// its slot without keeping it).
    @Test func aChangeDeliveredAfterItsRowLeftTheTreeIsIgnored() {
        let counts = [RetainedCount(), RetainedCount()]
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        host.componentEngine.component = VStack { for count in counts { RetainedCountRow(count: count) } }
        host.componentEngine.flush()
        let context = host.componentEngine.layoutContext
        #expect(context.subscriptionCount == 2)
        let cores = context.root.childSlots.compactMap(\.core)
        #expect(cores.count == 2)
        host.componentEngine.component = VStack { RetainedCountRow(count: counts[0]) }
        host.componentEngine.flush()
        #expect(context.subscriptionCount == 1)
        #expect(cores.map(\.isCancelled) == [false, true])
        host.componentEngine.resetStats()
        host.componentEngine.slotInvalidated(cores[1], by: PerceptionChange(kind: .observation, property: nil))
        #expect(host.componentEngine.isDirty == false)
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.reloads == 0)
        // The row still in the tree still reloads alone when its count changes.
        counts[0].value = 5
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.reloads == 1)
        #expect((host.subviews.first as? LabelView)?.text == "5")
    }

    @Test(arguments: [OracleConfiguration(automaticEngine: true, bumps: true), OracleConfiguration(equatableRows: true)])
    func everySubscriptionBelongsToASlotInTheTree(configuration: OracleConfiguration) {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            var random = SeededGenerator(state: 4)
            let world = OracleWorld(configuration)
            for batch in 1...300 {
                for _ in 0..<Int.random(in: 1...8, using: &random) { world.randomWrite(using: &random) }
                world.host.componentEngine.flush()
                let context = world.host.componentEngine.layoutContext
                // Every live subscription belongs to a slot in the tree (a slot that left is
                // discarded, and discarding cancels its subscription).
                var subscribedInTree = 0
                var pending = [context.root]
                while let slot = pending.popLast() {
                    if let core = slot.core, !core.isCancelled { subscribedInTree += 1 }
                    pending.append(contentsOf: slot.childSlots)
                }
                let stray = context.subscriptionCount - subscribedInTree
                #expect(stray == 0, "batch \(batch): \(stray) subscriptions of slots no longer in the tree")
                if stray != 0 { return }
            }
        }
    }
}
