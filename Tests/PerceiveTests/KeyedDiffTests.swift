import Perceive
import Testing

@Suite("KeyedDiff")
struct KeyedDiffTests {
    @Test func identicalListsKeepEverything() {
        #expect(
            KeyedDiff.diff(old: ["a", "b", "c"], new: ["a", "b", "c"]) == [
                .keep(oldIndex: 0, newIndex: 0), .keep(oldIndex: 1, newIndex: 1), .keep(oldIndex: 2, newIndex: 2)
            ])
    }

    @Test func emptyToFullInsertsAndFullToEmptyDeletes() {
        #expect(KeyedDiff.diff(old: [String](), new: ["a", "b"]) == [.insert(newIndex: 0), .insert(newIndex: 1)])
        #expect(KeyedDiff.diff(old: ["a", "b"], new: [String]()) == [.delete(oldIndex: 0), .delete(oldIndex: 1)])
    }

    @Test func deletesComeFirstThenOneActionPerNewIndex() {
        #expect(
            KeyedDiff.diff(old: ["a", "b", "c", "d"], new: ["a", "x", "c"]) == [
                .delete(oldIndex: 1), .delete(oldIndex: 3),
                .keep(oldIndex: 0, newIndex: 0), .insert(newIndex: 1), .keep(oldIndex: 2, newIndex: 2)
            ])
    }

    @Test func swapMovesOnlyTheTwoSwappedItems() {
        // Rows 2 and 5 of six swap: the longest increasing subsequence keeps the other four.
        let old = ["0", "1", "2", "3", "4", "5"]
        let new = ["0", "1", "5", "3", "4", "2"]
        #expect(
            KeyedDiff.diff(old: old, new: new) == [
                .keep(oldIndex: 0, newIndex: 0), .keep(oldIndex: 1, newIndex: 1), .move(oldIndex: 5, newIndex: 2),
                .keep(oldIndex: 3, newIndex: 3), .keep(oldIndex: 4, newIndex: 4), .move(oldIndex: 2, newIndex: 5)
            ])
    }

    @Test func reversalKeepsOneAndMovesTheRest() {
        let actions = KeyedDiff.diff(old: ["a", "b", "c", "d"], new: ["d", "c", "b", "a"])
        #expect(actions.filter { if case .move = $0 { return true } else { return false } }.count == 3)
        #expect(actions.filter { if case .keep = $0 { return true } else { return false } }.count == 1)
    }

    @Test func rotationMovesOneItem() {
        #expect(
            KeyedDiff.diff(old: ["a", "b", "c", "d"], new: ["b", "c", "d", "a"]) == [
                .keep(oldIndex: 1, newIndex: 0), .keep(oldIndex: 2, newIndex: 1), .keep(oldIndex: 3, newIndex: 2),
                .move(oldIndex: 0, newIndex: 3)
            ])
    }

    @Test func mixedEdit() {
        #expect(
            KeyedDiff.diff(old: ["a", "b", "c"], new: ["c", "d", "a"]) == [
                .delete(oldIndex: 1),
                .move(oldIndex: 2, newIndex: 0), .insert(newIndex: 1), .keep(oldIndex: 0, newIndex: 2)
            ])
    }
}
