import Foundation
import Perceive
import PerceiveLayout
import Testing

/// A boundary whose content holds a label and, filling it, the next boundary: `depth` engines deep.
struct BoundaryChain: ComponentBuilder {
    let depth: Int
    func build() -> some Component {
        ZStack {
            Text("\(depth)").id("label")
            if depth > 0 { BoundaryChain(depth: depth - 1).perceptionViewFill().id("next") }
        }
    }
}

@MainActor
@Suite("Nested perception boundaries")
struct NestedBoundaryTests {
    /// The first flush of a chain of boundaries reloads each engine once, and finds each engine's
    /// place among engines in constant work: twice the depth costs twice the work, not four times.
    @Test func aDeepChainOfBoundariesFlushesInLinearWork() {
        var climbs: [Int] = []
        for depth in [1_000, 2_000] {
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
            host.componentEngine.component = BoundaryChain(depth: depth)
            let before = EngineTree.climbed
            host.componentEngine.flush()
            climbs.append(EngineTree.climbed - before)
            #expect(host.componentEngine.subtreeStats.reloads == depth + 1)
            #expect(host.componentEngine.subtreeStats.builds == depth + 1)
            var deepest: PlatformView = host
            while let next = deepest.subviews.first(where: { $0.componentID == "next" }) { deepest = next }
            #expect((deepest.subviews.first as? LabelView)?.text == "0")
        }
        #expect(climbs == [1_001, 2_001])
    }

    /// A flush within a boundary places the dirty engines below it only: the climb from a dirty
    /// engine stops at the flushed root, never walking the engines above it.
    @Test func aFlushWithinABoundaryClimbsNoHigherThanIt() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = BoundaryChain(depth: 3)
        host.componentEngine.flush()
        var chain: [PlatformView] = []
        var deepest: PlatformView = host
        while let next = deepest.subviews.first(where: { $0.componentID == "next" }) {
            chain.append(next)
            deepest = next
        }
        #expect(chain.count == 3)
        let (outer, innermost) = (chain[0].componentEngine, chain[2].componentEngine)
        innermost.setNeedsReload()
        innermost.resetStats()
        let before = EngineTree.climbed
        outer.flush()
        // The innermost engine, its parent, and the flushed root itself: not the host above it.
        #expect(EngineTree.climbed - before == 3)
        #expect(innermost.stats.reloads == 1)
        #expect(innermost.isDirty == false)
    }

    /// A dirty engine's place is kept across flushes of the same root while no view joins or leaves
    /// a superview: the second like of a row climbs nothing; a view added anywhere makes the next
    /// flush climb again.
    @Test func aPlaceIsKeptAcrossFlushesUntilTheViewHierarchyChanges() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = BoundaryChain(depth: 3)
        host.componentEngine.flush()
        var deepest: PlatformView = host
        while let next = deepest.subviews.first(where: { $0.componentID == "next" }) { deepest = next }
        let innermost = deepest.componentEngine
        let climbs = { () -> Int in
            innermost.setNeedsReload()
            let before = EngineTree.climbed
            host.componentEngine.flush()
            #expect(innermost.isDirty == false)
            return EngineTree.climbed - before
        }
        // The first flush placed engines while its renders were still adding views: found again
        // once, in the settled hierarchy (the innermost engine, two between, the root).
        #expect(climbs() == 4)
        #expect(climbs() == 0)
        #expect(climbs() == 0)
        host.addSubview(PlatformView(frame: .zero))
        #expect(climbs() == 4)
        #expect(climbs() == 0)
        // Another root is another tree: its places are its own.
        let outer = host.subviews.first { $0.componentID == "next" }!.componentEngine
        innermost.setNeedsReload()
        let before = EngineTree.climbed
        outer.flush()
        #expect(EngineTree.climbed - before == 3)
        // Placed for that root since, the three engines below the host climb again; the host's own
        // place still holds.
        #expect(climbs() == 3)
        #expect(climbs() == 0)
    }
}
