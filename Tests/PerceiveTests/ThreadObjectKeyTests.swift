import Dispatch
import Testing

@testable import Perceive

/// A thread-object key is made on first use, once, however many threads ask for it at the same
/// time, and each thread keeps its own object under it. (Each test makes keys of its own, left made:
/// a process has room for hundreds.)
@Suite("Thread-object keys")
struct ThreadObjectKeyTests {
    private final class Marker {}
    private static let perThread = ThreadObjectKey()

    @Test func aKeyIsMadeOnFirstUseAndStaysTheSame() {
        let key = ThreadObjectKey()
        #expect(key.keyIfMade == nil)
        let made = key.key
        #expect(key.keyIfMade == made)
        #expect(key.key == made)
    }

    /// Two threads making the key at once: the one that stores it first wins, and the other's key
    /// is given up for it (made deterministic by adopting a second key by hand).
    @Test func aKeyMadeSecondGivesWayToTheFirst() {
        let key = ThreadObjectKey()
        let first = makeThreadObjectKey()
        #expect(key.adopt(first) == first)
        let second = makeThreadObjectKey()
        #expect(second != first)
        #expect(key.adopt(second) == first)
        #expect(key.key == first)
    }

    @Test func threadsAskingForANewKeyAtOnceAllGetTheSameOne() {
        let key = ThreadObjectKey()
        let seen = Recorder<UInt>()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            seen.append(UInt(truncatingIfNeeded: key.key))
        }
        #expect(Set(seen.values) == [UInt(truncatingIfNeeded: key.key)])
    }

    @Test func eachThreadKeepsItsOwnObject() {
        let here = UInt(bitPattern: threadObject(Self.perThread, Marker.init).toOpaque())
        #expect(UInt(bitPattern: threadObject(Self.perThread, Marker.init).toOpaque()) == here)
        let there = Recorder<UInt>()
        onAnotherThread {
            there.append(UInt(bitPattern: threadObject(Self.perThread, Marker.init).toOpaque()))
            there.append(UInt(bitPattern: threadObject(Self.perThread, Marker.init).toOpaque()))
        }
        #expect(there.count == 2)
        #expect(there.values.first == there.values.last)
        #expect(there.values.first != here)
    }
}
