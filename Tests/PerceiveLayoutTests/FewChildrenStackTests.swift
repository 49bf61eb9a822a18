import Foundation
import Perceive
import Testing

@testable import PerceiveLayout

/// A stack of up to four children that neither grow, shrink nor stretch lays out into one node
/// holding them, placed exactly as the general steps place them.
@MainActor
@Suite("Stacks of a few children")
struct FewChildrenStackTests {
    private static let lengths: [CGFloat] = [0, 1, 17.3, 0.1, 1e-9, 33.333_333, 1e6, 2.5, -4, .nan, .infinity, 20]

    @Test func twoChildrenMakeOnePairNodeAtTheirPositions() throws {
        let stack = VStack(spacing: 4) {
            box(30, 10)
            box(50, 20)
        }
        let constraint = Constraint(maxSize: CGSize(width: 300, height: CGFloat.infinity))
        let node = try #require(stack.layout(constraint) as? ChildPairNode)
        #expect(node.size == CGSize(width: 50, height: 34))
        #expect(node._inlineChildCount == 2)
        #expect(childFrames(node) == [CGRect(x: 0, y: 0, width: 30, height: 10), CGRect(x: 0, y: 14, width: 50, height: 20)])
    }

    @Test func oneChildMakesOneSingleChildNode() throws {
        let stack = HStack(justifyContent: .center, alignItems: .end) { box(30, 10) }
        let constraint = Constraint(minSize: CGSize(width: 100, height: 0), maxSize: CGSize(width: 100, height: 40))
        let node = try #require(stack.layout(constraint) as? SingleChildNode)
        #expect(node.size == CGSize(width: 100, height: 10))
        #expect(childFrames(node) == [CGRect(x: 35, y: 0, width: 30, height: 10)])
    }

    @Test func twoChildrenAreAlignedAcrossWithinTheLarger() {
        let stack = HStack(spacing: 2, justifyContent: .end, alignItems: .center) {
            box(30, 10)
            box(20, 40)
        }
        let node = stack.layout(Constraint(maxSize: CGSize(width: 100, height: 100)))
        #expect(node is ChildPairNode)
        #expect(node.size == CGSize(width: 52, height: 40))
        #expect(childFrames(node) == [CGRect(x: 0, y: 15, width: 30, height: 10), CGRect(x: 32, y: 0, width: 20, height: 40)])
    }

    @Test func onlyStacksThatKeepNoMemosTakeTheseSteps() {
        #expect(StackLayout.fewChildren <= StackLayout.smallStack)
    }

    @Test func aFlexibleOrStretchedChildTakesTheGeneralSteps() {
        let grows = VStack {
            box(30, 10).flex(); box(50, 20)
        }.layout(Constraint(maxSize: CGSize(width: 300, height: 100)))
        #expect(grows is OrderedNode)
        #expect(childFrames(grows) == [CGRect(x: 0, y: 0, width: 30, height: 80), CGRect(x: 0, y: 80, width: 50, height: 20)])
        // (Stretched on a bounded cross axis: each child is measured at the stack's full width.)
        let stretched = VStack(alignItems: .stretch) {
            box(30, 10); box(50, 20)
        }
        .layout(Constraint(maxSize: CGSize(width: 300, height: 100)))
        #expect(stretched is OrderedNode)
        #expect(childFrames(stretched) == [CGRect(x: 0, y: 0, width: 300, height: 10), CGRect(x: 0, y: 10, width: 300, height: 20)])
        let five = VStack {
            box(1, 1); box(2, 2); box(3, 3); box(4, 4); box(5, 5)
        }.layout(Constraint(maxSize: CGSize(width: 300, height: 100)))
        #expect(five is OrderedNode)
    }

    @Test func threeOrFourChildrenMakeOneNodeHoldingThem() throws {
        let constraint = Constraint(maxSize: CGSize(width: 100, height: 100))
        let three = try #require(
            VStack(spacing: 1, justifyContent: .spaceBetween, alignItems: .center) {
                box(10, 10); box(20, 20); box(30, 30)
            }.layout(Constraint(minSize: CGSize(width: 0, height: 80), maxSize: CGSize(width: 100, height: 100))) as? FewChildrenNode)
        #expect(three.size == CGSize(width: 30, height: 80))
        #expect(three._inlineChildCount == 3)
        #expect(
            childFrames(three) == [
                CGRect(x: 10, y: 0, width: 10, height: 10), CGRect(x: 5, y: 20, width: 20, height: 20),
                CGRect(x: 0, y: 50, width: 30, height: 30)
            ])
        let four = try #require(
            HStack(spacing: 2) {
                box(10, 5); box(10, 6); box(10, 7); box(10, 8)
            }.layout(constraint) as? FewChildrenNode)
        #expect(four.size == CGSize(width: 46, height: 8))
        #expect(four.positions == [.zero, CGPoint(x: 12, y: 0), CGPoint(x: 24, y: 0), CGPoint(x: 36, y: 0)])
        #expect(four._inlineChild(3).position == CGPoint(x: 36, y: 0))
        // Every child shown, a middle one hidden, the first hidden, none shown.
        #expect(four.visibleIndexes(in: CGRect(x: 0, y: 0, width: 46, height: 8)) == [0, 1, 2, 3])
        #expect(four.visibleIndexes(in: CGRect(x: 0, y: 6, width: 46, height: 2)) == [2, 3])
        #expect(four.visibleIndexes(in: CGRect(x: 11, y: 0, width: 35, height: 8)) == [1, 2, 3])
        #expect(four.visibleIndexes(in: CGRect(x: 0, y: 100, width: 46, height: 8)) == [])
    }

    /// One to four children of random sizes (every tenth round hostile ones), both axes, every
    /// justification, every alignment that does not stretch: the size and the positions are the
    /// general steps', bit for bit, and each region shows the children a scan finds.
    @Test func placementIsTheGeneralStepsBitForBit() {
        var random = LayoutRandom(state: 0xF3E)
        let justifications: [MainAxisAlignment] = [.start, .center, .end, .spaceBetween, .spaceAround, .spaceEvenly]
        let alignments: [CrossAxisAlignment] = [.start, .center, .end]
        for round in 0..<600 {
            let pool = round % 10 == 0 ? Self.lengths : Array(Self.lengths.prefix(6))
            let count = 1 + random.int(0..<4)
            let sizes = (0..<count).map { _ in CGSize(width: pool[random.int(0..<pool.count)], height: pool[random.int(0..<pool.count)]) }
            let children: [any Component] = sizes.map { PlacementTests.RawSize(size: $0) }
            let spacing = [0, 4, 0.7][random.int(0..<3)]
            let (minimum, maximum) = (CGFloat(random.int(0..<3) * 50), random.int(0..<2) == 0 ? CGFloat.infinity : 120)
            let constraint = Constraint(minSize: CGSize(width: minimum, height: minimum), maxSize: CGSize(width: maximum, height: maximum))
            let axis: Axis = random.int(0..<2) == 0 ? .vertical : .horizontal
            let (justify, align) = (justifications[random.int(0..<6)], alignments[random.int(0..<3)])
            let few = StackLayout.layout(
                axis: axis, spacing: spacing, justify: justify, align: align, children: children, constraint: constraint, origin: { "" })
            #expect(few._inlineChildCount == count)
            var pass = StackLayout.start(axis: axis, spacing: spacing, align: align, children: children, constraint: constraint)
            StackLayout.measure(&pass, children)
            #expect(!StackLayout.adjust(&pass, children) { "" })
            let general = StackLayout.place(&pass, justify: justify)
            #expect(Self.bits(few) == Self.bits(general), "round \(round)")
            for frame in Self.regions(&random) {
                #expect(few.visibleIndexes(in: frame) == visibleByScan(general, in: frame), "round \(round), \(frame), \(sizes)")
            }
        }
    }

    /// The node's size and its children's positions as bit patterns (NaN equals NaN here, and -0
    /// differs from 0).
    private static func bits(_ node: any RenderNode) -> [UInt] {
        var words = [node.size.width.bitPattern, node.size.height.bitPattern]
        for position in node.positions { words += [position.x.bitPattern, position.y.bitPattern] }
        return words
    }

    private static func regions(_ random: inout LayoutRandom) -> [CGRect] {
        (0..<4).map { _ in
            CGRect(
                x: CGFloat(random.int(-20..<60)), y: CGFloat(random.int(-20..<60)), width: CGFloat(random.int(0..<80)),
                height: CGFloat(random.int(0..<80)))
        }
    }
}
