import Foundation
import Perceive
import Testing

@testable import PerceiveLayout

/// How a stack collects its children's sizes: only where they differ from its previous layout's,
/// the previous array itself when none does.
@MainActor
@Suite("Stack sizes")
struct StackSizesTests {
    private let a = CGSize(width: 10, height: 20)
    private let b = CGSize(width: 10, height: 30)
    private let c = CGSize(width: 10, height: 40)
    private let d = CGSize(width: 10, height: 50)

    @Test func withoutAPreviousLayoutEverySizeIsCollected() {
        var sizes = StackSizes(previous: nil, expected: 2)
        sizes.append(a)
        sizes.append(b)
        #expect(sizes.finish().sizes == [a, b])
    }

    @Test func everyChildMatchingGivesThePreviousArrayItself() {
        let previous = [a, b, c]
        var sizes = StackSizes(previous: previous, expected: 3)
        sizes.append(a)
        sizes.append(run: previous, from: 1, count: 2)
        let (result, isPrevious) = sizes.finish()
        #expect(result == previous)
        #expect(isPrevious)
        #expect(result.sharesStorage(with: previous))
    }

    @Test func aChangedSizeCopiesTheMatchesAndCollectsTheRest() {
        let previous = [a, b, c]
        var sizes = StackSizes(previous: previous, expected: 3)
        sizes.append(a)
        sizes.append(d)
        sizes.append(c)
        let (result, isPrevious) = sizes.finish()
        #expect(result == [a, d, c])
        #expect(!isPrevious)
        #expect(!result.sharesStorage(with: previous))
    }

    @Test func aRunFromOnePlaceFurtherIsCollected() {
        // A removal: the row at 2 is gone, the one after it is taken from one place further.
        let previous = [a, b, c, d]
        var sizes = StackSizes(previous: previous, expected: 3)
        sizes.append(run: previous, from: 0, count: 2)
        sizes.append(run: previous, from: 3, count: 1)
        #expect(sizes.finish().sizes == [a, b, d])
    }

    @Test func fewerChildrenThanBeforeAreNotThePreviousArray() {
        let previous = [a, b, c]
        var sizes = StackSizes(previous: previous, expected: 2)
        sizes.append(a)
        sizes.append(b)
        #expect(sizes.finish().sizes == [a, b])
    }

    @Test func moreChildrenThanBeforeAreCollected() {
        let previous = [a]
        var sizes = StackSizes(previous: previous, expected: 2)
        sizes.append(a)
        sizes.append(b)
        #expect(sizes.finish().sizes == [a, b])
    }

    @Test func aSizeThatIsNotANumberNeverMatches() {
        let nan = CGSize(width: CGFloat.nan, height: 20)
        let previous = [nan]
        var sizes = StackSizes(previous: previous, expected: 1)
        sizes.append(nan)
        let result = sizes.finish().sizes
        #expect(result.count == 1 && result[0].width.isNaN && result[0].height == 20)
        #expect(!result.sharesStorage(with: previous))
    }

    @Test func aRunFromAnotherListIsCollected() {
        let previous = [a, b]
        let other = [a, b]
        var sizes = StackSizes(previous: previous, expected: 2)
        sizes.append(run: other, from: 0, count: 2)
        let result = sizes.finish().sizes
        #expect(result == [a, b])
        #expect(!result.sharesStorage(with: previous))
    }
}
