import Foundation
import Perceive
import Testing

/// A plain node named by its id (not a builder's slot: `NodeRuns` copies it as the standard
/// library does).
private struct NamedNode: RenderNode {
    let name: String
    var size: CGSize { CGSize(width: 10, height: 10) }
    var id: String? { name }
}

/// How a container's node list is put together from runs of its previous one and the nodes laid
/// out anew (what a stack does after taking rows as they were).
@MainActor
@Suite("Node runs")
struct NodeRunsTests {
    private func names(_ nodes: [any RenderNode]) -> [String] { nodes.map { $0.id ?? "?" } }

    /// `runs.note(…)`, outside the expectation macro (which cannot take a mutating call).
    private func note(_ runs: inout NodeRuns, at: Int, from: Int, count: Int, of previous: [any RenderNode]) -> Bool {
        runs.note(at: at, from: from, count: count, of: previous)
    }

    private let previous: [any RenderNode] = ["a", "b", "c", "d", "e"].map { NamedNode(name: $0) }

    @Test func runsGoAtTheirPlacesAndNewNodesBetweenThem() {
        var runs = NodeRuns()
        #expect(runs.isEmpty)
        // a b | x | d e: a swap-like shape (the middle row laid out anew).
        #expect(note(&runs, at: 0, from: 0, count: 2, of: previous) == true)
        #expect(note(&runs, at: 3, from: 3, count: 2, of: previous) == true)
        #expect(!runs.isEmpty)
        #expect(names(runs.merge([NamedNode(name: "x")])) == ["a", "b", "x", "d", "e"])
    }

    @Test func aRunFromOnePlaceFurtherFollowsARemoval() {
        var runs = NodeRuns()
        // a b | d e: "c" removed, the rows after it taken from one place further.
        #expect(note(&runs, at: 0, from: 0, count: 2, of: previous) == true)
        #expect(note(&runs, at: 2, from: 3, count: 2, of: previous) == true)
        #expect(names(runs.merge([])) == ["a", "b", "d", "e"])
    }

    @Test func newNodesBeforeAndAfterTheRuns() {
        var runs = NodeRuns()
        #expect(note(&runs, at: 1, from: 1, count: 3, of: previous) == true)
        #expect(names(runs.merge([NamedNode(name: "x"), NamedNode(name: "y")])) == ["x", "b", "c", "d", "y"])
    }

    @Test func nothingNotedLeavesTheNewNodesAsTheyAre() {
        let runs = NodeRuns()
        #expect(names(runs.merge([NamedNode(name: "x")])) == ["x"])
    }

    @Test func aRunOutOfBoundsOutOfOrderOrFromAnotherListIsRefused() {
        var runs = NodeRuns()
        #expect(note(&runs, at: 0, from: 4, count: 2, of: previous) == false)
        #expect(note(&runs, at: 0, from: -1, count: 1, of: previous) == false)
        #expect(note(&runs, at: 0, from: 0, count: 0, of: previous) == false)
        #expect(note(&runs, at: 2, from: 2, count: 1, of: previous) == true)
        // Overlapping the run already noted, or before it.
        #expect(note(&runs, at: 2, from: 3, count: 1, of: previous) == false)
        #expect(note(&runs, at: 0, from: 0, count: 1, of: previous) == false)
        // Another list (not the one the first run came from).
        let other: [any RenderNode] = ["p", "q", "r", "s", "t"].map { NamedNode(name: $0) }
        #expect(note(&runs, at: 3, from: 3, count: 1, of: other) == false)
        #expect(names(runs.merge([NamedNode(name: "x"), NamedNode(name: "y")])) == ["x", "y", "c"])
    }

    @Test func tooFewNewNodesEndTheListEarlyInsteadOfLeavingAGap() {
        var runs = NodeRuns()
        // A run noted at 2 with no new node for places 0 and 1: the list stops before it.
        #expect(note(&runs, at: 2, from: 2, count: 2, of: previous) == true)
        #expect(names(runs.merge([NamedNode(name: "x")])) == ["x"])
    }
}
