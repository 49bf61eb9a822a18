import Synchronization
import Testing

@testable import Perceive

/// A mutating method that changes the value and then fails.
private struct Refused: Error {}

extension Array where Element == Int {
    fileprivate mutating func appendThenFail(_ value: Int) throws {
        append(value)
        throw Refused()
    }

    /// Runs `body` in the middle of a mutation of this value (which, unchecked, would finish).
    fileprivate mutating func appendCalling(_ body: () -> Void) {
        append(0)
        body()
    }
}

/// In-place mutation of a `@Perceived` property: yielded through the value's address, with the
/// property marking itself meanwhile (see `Perceived`'s `_modify`).
@Suite("In-place mutation")
struct InPlaceMutationTests {
    @Test func aMutationWithAClosureNotifiesOnceAndLeavesThePropertyUsable() {
        let model = CounterModel()
        model.items = [3, 1, 2]
        let fired = Recorder<Int>()
        let scope = TrackingScope { _ in fired.append(1) }
        scope.track { _ = model.items }
        model.items.sort { $0 > $1 }
        #expect(model.items == [3, 2, 1])
        #expect(fired.count == 1)
        // Unmarked again: a tracked read records and a plain write notifies.
        scope.track { _ = model.items }
        model.items = [0]
        #expect(fired.count == 2)
    }

    @Test func aMutationThatThrowsNotifiesAndLiftsTheMark() {
        let model = CounterModel()
        let fired = Recorder<Int>()
        let scope = TrackingScope { _ in fired.append(1) }
        scope.track { _ = model.items }
        #expect(throws: Refused.self) { try model.items.appendThenFail(4) }
        // The value changed before the method threw: the scope hears of it.
        #expect(model.items == [4])
        #expect(fired.count == 1)
        scope.track { _ = model.items }
        model.items.append(5)
        #expect(model.items == [4, 5])
        #expect(fired.count == 2)
    }

    @Test func anotherPropertyOfTheSameObjectIsFreeDuringTheMutation() {
        let model = CounterModel()
        model.items = [1, 2, 3]
        let fired = Recorder<String>()
        let scope = TrackingScope { _ in fired.append("count") }
        scope.track { _ = model.count }
        model.items.removeAll { value in
            model.count += value
            return value == 2
        }
        #expect(model.items == [1, 3])
        #expect(model.count == 6)
        #expect(fired.values == ["count"])
    }

    @Test func nestedMutationsOfDifferentPropertiesEachNotify() {
        let model = CounterModel()
        let fired = Recorder<String>()
        let items = TrackingScope { _ in fired.append("items") }
        let title = TrackingScope { _ in fired.append("title") }
        items.track { _ = model.items }
        title.track { _ = model.title }
        model.items.append(contentsOf: [1, 2])
        model.title.append(" and more")
        #expect(fired.values == ["items", "title"])
        #expect(model.title == "title and more")
    }

    @Test func theMarkIsAnotherCounterThatReadsOneAndIsToldApartByItsAddress() {
        let hooks = _PerceptionRuntime.hooks
        let marked = hooks.markedMutating
        let word = MemoryLayout<Atomic<Int>>.stride
        // The counter at a boundary of two words, the mark one word past it, whatever the word size.
        #expect(Int(bitPattern: hooks.pointer) % (2 * word) == 0)
        #expect(UnsafeRawPointer(marked.pointer) - UnsafeRawPointer(hooks.pointer) == word)
        #expect(!hooks.isMarkedMutating)
        #expect(marked.isMarkedMutating)
        // The marked counter sends every access to the slow path, whatever the real count is.
        #expect(marked.isNonZero)
        #expect(marked.pointer.pointee.load(ordering: .relaxed) == 1)
    }

    // Exit tests: the trap ends a child process (Swift 6.2's testing library, on the platforms
    // that can spawn one).
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func readingThePropertyDuringItsOwnMutationTraps() async {
            await #expect(processExitsWith: .failure) {
                let model = CounterModel()
                model.items = [1, 2, 3]
                model.items.appendCalling { _ = model.items.count }
            }
        }

        @Test func writingThePropertyDuringItsOwnMutationTraps() async {
            await #expect(processExitsWith: .failure) {
                let model = CounterModel()
                model.items = [1, 2, 3]
                model.items.appendCalling { model.items = [] }
            }
        }

        @Test func mutatingThePropertyDuringItsOwnMutationTraps() async {
            await #expect(processExitsWith: .failure) {
                let model = CounterModel()
                model.items = [1, 2, 3]
                model.items.appendCalling { model.items.append(4) }
            }
        }

        @Test func theTrapNamesTheRule() async throws {
            let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let model = CounterModel()
                model.items = [1]
                model.items.appendCalling { _ = model.items.isEmpty }
            }
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("overlapping accesses to a @Perceived property"))
        }
    #endif
}
