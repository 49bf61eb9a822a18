import Foundation
import Testing

@testable import Perceive

/// Objects lent without retaining them: exactly the one asked for.
@MainActor
@Suite("Borrowed objects")
struct BorrowedTests {
    @Test func anElementIsTheOneAtItsIndex() {
        let views = [PlatformView(frame: .zero), PlatformView(frame: .zero), PlatformView(frame: .zero)]
        #expect((0..<3).allSatisfy { index in Borrowed.with(Borrowed.element(views, index)) { $0 === views[index] } })
        #expect(Borrowed.with(Borrowed.element(views, 2)) { $0 === views[1] } == false)
    }
}
