import Foundation
import Perceive
import Testing

@testable import PerceiveLayout

/// A stack placing its children from the start of both axes does so in one pass; the result is
/// the general placement's, bit for bit, whatever the sizes (fractions, zero, huge, negative, not
/// a number, infinite).
@MainActor
@Suite("Stack placement")
struct PlacementTests {
    /// A child of exactly the given size, not sanitized (what a custom component may report).
    struct RawSize: Component {
        struct Node: RenderNode { let size: CGSize }
        let size: CGSize
        func layout(_ constraint: Constraint) -> any RenderNode { Node(size: size) }
    }

    private static let lengths: [CGFloat] = [0, 1, 17.3, 0.1, 1e-9, 33.333_333, 1e6, 2.5, -4, .nan, .infinity, 20]

    @Test func onePassPlacementIsTheGeneralOneBitForBit() {
        var random = LayoutRandom(state: 0x5EED)
        var compared = 0
        for round in 0..<400 {
            let sizes = Self.sizes(&random, round: round)
            let spacing = [0, 4, 0.7][random.int(0..<3)]
            let align: CrossAxisAlignment = random.int(0..<2) == 0 ? .start : .stretch
            let minimum = CGFloat(random.int(0..<3) * 50)
            let maximum: CGFloat = random.int(0..<2) == 0 ? .infinity : 120
            let constraint = Constraint(minSize: CGSize(width: minimum, height: minimum), maxSize: CGSize(width: maximum, height: maximum))
            for vertical in [true, false] {
                let stack: any Component =
                    vertical
                    ? VStack(spacing: spacing, alignItems: align) { for size in sizes { RawSize(size: size) } }
                    : HStack(spacing: spacing, alignItems: align) { for size in sizes { RawSize(size: size) } }
                let onePass = stack.layout(constraint)
                StackLayout.placesFromStartInOnePass = false
                let general = stack.layout(constraint)
                StackLayout.placesFromStartInOnePass = true
                #expect(Self.bits(onePass) == Self.bits(general), "round \(round), \(vertical ? "vertical" : "horizontal")")
                compared += 1
            }
        }
        #expect(compared == 800)
    }

    /// A few children's positions are appended to a list, many are written into one made at its
    /// full length: the same placement, bit for bit, either way, at every length and alignment.
    @Test func appendedPlacementIsTheWrittenOneBitForBit() {
        var random = LayoutRandom(state: 0xA11)
        var compared = 0
        for round in 0..<300 {
            let sizes = Self.sizes(&random, round: round)
            let justify: MainAxisAlignment = [.start, .center, .end, .spaceBetween][random.int(0..<4)]
            let align: CrossAxisAlignment = [.start, .center, .end][random.int(0..<3)]
            let constraint = Constraint(minSize: CGSize(width: 60, height: 60), maxSize: CGSize(width: 500, height: 500))
            let stack = VStack(spacing: 3, justifyContent: justify, alignItems: align) { for size in sizes { RawSize(size: size) } }
            StackLayout.smallPlacement = .max
            let appended = stack.layout(constraint)
            StackLayout.smallPlacement = 0
            let written = stack.layout(constraint)
            StackLayout.smallPlacement = 16
            #expect(Self.bits(appended) == Self.bits(written), "round \(round)")
            compared += 1
        }
        #expect(compared == 300)
    }

    /// Up to 39 random sizes: mostly ordinary lengths; every tenth list may hold hostile ones.
    private static func sizes(_ random: inout LayoutRandom, round: Int) -> [CGSize] {
        let count = random.int(0..<40)
        let pool = round % 10 == 0 ? lengths : Array(lengths.prefix(6))
        return (0..<count).map { _ in CGSize(width: pool[random.int(0..<pool.count)], height: pool[random.int(0..<pool.count)]) }
    }

    /// A node's placement as bit patterns (NaN equals NaN here, and -0 differs from 0).
    private static func bits(_ node: any RenderNode) -> [UInt] {
        var words = [node.size.width.bitPattern, node.size.height.bitPattern]
        for position in node.positions { words += [position.x.bitPattern, position.y.bitPattern] }
        if let ordered = node as? OrderedNode {
            let bounds = ordered.contentBounds
            words += [ordered.maxChildExtent.bitPattern, ordered.isOrdered ? 1 : 0]
            words += [bounds.origin.x.bitPattern, bounds.origin.y.bitPattern, bounds.size.width.bitPattern, bounds.size.height.bitPattern]
        } else {
            words.append(.max)
        }
        return words
    }
}
