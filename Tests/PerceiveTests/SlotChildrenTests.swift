import Testing

@testable import Perceive

/// What a slot keeps of its containers between layouts of its body (see `SlotChildren`).
@MainActor
@Suite("Slot children")
struct SlotChildrenTests {
    @Test func sweepingKeepsExactlyTheMemosThePassUsed() {
        let family = SlotChildren()
        let type = ObjectIdentifier(Int.self)
        let memos = (0..<5).map { ChildMemo(path: $0, type: type) }
        for memo in memos { family.remember(memo, pass: 1) }
        // Pass 2 lays out the containers at paths 0, 2 and 4 (used, first to last) and not 1 or 3.
        for path in [4, 0, 2] { #expect(family.memo(path: path, type: type, pass: 2) === memos[path]) }
        family.sweepMemos(pass: 2)
        for path in 0..<5 {
            let kept = family.memo(path: path, type: type, pass: 3)
            #expect(path % 2 == 0 ? kept === memos[path] : kept == nil)
        }
        // Pass 3 used all three; a pass that used none drops them all.
        family.sweepMemos(pass: 4)
        #expect((0..<5).allSatisfy { family.memo(path: $0, type: type, pass: 5) == nil })
    }
}
