import Testing

@testable import Perceive

/// A cell read by a few scopes keeps the room of its links across writes (emptied, so that the
/// scopes re-arming do not grow a new list every write), and nothing else: the cores it linked go
/// with their delivery, and every scope still hears every write once.
@Suite("A cell keeps the room of its links")
struct LinkBufferTests {
    private var spare: ObjectIdentifier? { ThreadContext.spareOneShotIdentity }

    @Test func theCoresOfADeliveredWriteAreNotKept() {
        let model = CounterModel()
        let fired = Recorder<String>()
        // The first call links the cell's inline link, the next two its list; each call after the
        // first finds the spare still linked and makes a new one.
        for label in ["first", "second", "third"] {
            withPerceptionTracking {
                _ = model.count
            } onChange: {
                fired.append(label)
            }
        }
        let third = spare
        #expect(model.$count.observerCount == 3)
        model.count = 1
        #expect(fired.values == ["first", "second", "third"])
        #expect(model.$count.observerCount == 0)
        // The third call's core was in the list the cell kept: were its link kept too, the core
        // would still be referenced and the next call would make another.
        withPerceptionTracking {
            _ = model.count
        } onChange: {
            fired.append("fourth")
        }
        #expect(spare == third)
        model.count = 2
        #expect(fired.values == ["first", "second", "third", "fourth"])
    }

    /// Three scopes (a parent and its two boundaries) re-arming after every write, fifty (a chain of
    /// nested boundaries) and eighty (more than a kept list holds): each hears each write exactly
    /// once, and the cell keeps the room of the first list only — the same room, write after write.
    @Test(arguments: [3, 50, 80])
    func scopesReArmingAfterEveryWriteHearEachWriteOnce(scopes: Int) {
        let model = CounterModel()
        let heard = Recorder<Int>()
        let all = (0..<scopes).map { index in TrackingScope { _ in heard.append(index) } }
        var rooms: [Int] = []
        for round in 1...4 {
            for scope in all { scope.track { _ = model.count } }
            #expect(model.$count.observerCount == scopes)
            model.count = round
            #expect(model.$count.observerCount == 0)
            #expect(heard.values == Array(repeating: Array(0..<scopes), count: round).flatMap { $0 })
            rooms.append(model.$count.extraLinkRoom)
        }
        // The list of the links beyond the first is kept, the same one every write (its room never
        // changes); the list of seventy-nine is not.
        #expect(Set(rooms).count == 1)
        if scopes <= 50 {
            #expect(rooms[0] >= scopes - 1 && rooms[0] <= 2 * PerceptionCell.keptBufferLimit)
        } else {
            #expect(rooms[0] == 0)
        }
        // Unarmed, nobody hears the next write.
        model.count = 99
        #expect(heard.count == 4 * scopes)
    }
}
