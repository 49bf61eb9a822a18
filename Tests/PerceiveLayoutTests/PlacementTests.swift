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

    private static let lengths: [CGFloat] = [0, 1, 17.3, 0.1, 1e-9, 33.333_333, 1e6, 2.5, -4, .nan, .infinity, 20, -0.0, 1e308, -.infinity]

    @Test func onePassPlacementIsTheGeneralOneBitForBit() {
        var random = LayoutRandom(state: 0x5EED)
        var compared = 0
        for round in 0..<400 {
            let sizes = Self.sizes(&random, round: round)
            let spacing = [0, 4, 0.7, -2, 1e308][round % 10 == 0 ? random.int(0..<5) : random.int(0..<3)]
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

    /// More than 16 rows of ordinary sizes from the start of both axes take the shorter loop; a
    /// size or gap it cannot place (negative, not a number, infinite, or sums past the largest
    /// number) sends the rows to the general loop, with the same result (above).
    @Test func ordinaryRowsTakeTheShorterLoopAndHostileOnesTheGeneralOne() {
        let constraint = Constraint(maxSize: CGSize(width: 300, height: CGFloat.infinity))
        func placesFromStart(_ sizes: [CGSize], spacing: CGFloat = 2) -> Bool {
            let before = StackLayout.placementsFromStart
            _ = VStack(spacing: spacing) { for size in sizes { RawSize(size: size) } }.layout(constraint)
            return StackLayout.placementsFromStart == before + 1
        }
        let rows = Array(repeating: CGSize(width: 300, height: 20), count: 40)
        #expect(placesFromStart(rows))
        #expect(placesFromStart(rows + [CGSize(width: -0.0, height: 0)]))
        #expect(!placesFromStart(Array(rows.prefix(16))))
        #expect(!placesFromStart(rows + [CGSize(width: 10, height: -1)]))
        #expect(!placesFromStart(rows + [CGSize(width: -1, height: 10)]))
        #expect(!placesFromStart(rows + [CGSize(width: 10, height: CGFloat.nan)]))
        #expect(!placesFromStart(rows + [CGSize(width: CGFloat.infinity, height: 10)]))
        #expect(!placesFromStart(rows + [CGSize(width: 10, height: 1e308), CGSize(width: 10, height: 1e308)]))
        // Placed from the start: the rows one under the other, and the stack as wide as the widest.
        let node = VStack(spacing: 2) { for size in rows { RawSize(size: size) } }.layout(constraint)
        #expect(node.positions.map(\.y) == (0..<40).map { CGFloat($0 * 22) })
        #expect(node.size == CGSize(width: 300, height: 40 * 20 + 39 * 2))
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

    /// Up to 59 random sizes: mostly ordinary lengths; every tenth list may hold hostile ones.
    private static func sizes(_ random: inout LayoutRandom, round: Int) -> [CGSize] {
        let count = random.int(0..<60)
        let pool = round % 10 == 0 ? lengths : Array(lengths.prefix(6))
        return (0..<count).map { _ in CGSize(width: pool[random.int(0..<pool.count)], height: pool[random.int(0..<pool.count)]) }
    }

    /// A node's placement as bit patterns (NaN equals NaN here, whatever its sign — `inf - inf`
    /// and a NaN carried through a sum differ only there —, and -0 differs from 0).
    private static func bits(_ node: any RenderNode) -> [UInt] {
        func bits(_ value: CGFloat) -> UInt { value.isNaN ? CGFloat.nan.bitPattern : value.bitPattern }
        var words = [bits(node.size.width), bits(node.size.height)]
        for position in node.positions { words += [bits(position.x), bits(position.y)] }
        if let ordered = node as? OrderedNode {
            let bounds = ordered.contentBounds
            words += [bits(ordered.maxChildExtent), ordered.isOrdered ? 1 : 0]
            words += [bits(bounds.origin.x), bits(bounds.origin.y), bits(bounds.size.width), bits(bounds.size.height)]
        } else {
            words.append(.max)
        }
        return words
    }
}
