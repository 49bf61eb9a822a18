import PerceiveLayout
import Testing

@testable import Perceive

/// The retained layout keeps exactly the slots of the last layout: none leaks, however bodies
/// are laid out again (stacks measuring twice, readers' passes) and whatever changes.
@MainActor
@Suite("Retained tree")
struct RetainedTreeTests {
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
                var inTree = Set<ObjectIdentifier>()
                var pending = [context.root]
                while let slot = pending.popLast() {
                    inTree.insert(ObjectIdentifier(slot))
                    pending.append(contentsOf: slot.childSlots)
                }
                let stray = context.slotsByCore.values.filter { !inTree.contains(ObjectIdentifier($0)) }.count
                #expect(stray == 0, "batch \(batch): \(stray) subscriptions of slots no longer in the tree")
                if stray != 0 { return }
            }
        }
    }
}
