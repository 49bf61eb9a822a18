import Dispatch
import Testing

@testable import Perceive

/// A thread-object key is made on first use, once, however many threads ask for it at the same
/// time, and each thread keeps its own object under it. (Each test has a key of its own, a global
/// as the runtime's are, left made: a process has room for hundreds.)
@Suite("Thread-object keys")
struct ThreadObjectKeyTests {
    private final class Marker {}
    private static let firstUse = ThreadObjectKey()
    private static let racing = ThreadObjectKey()
    private static let perThread = ThreadObjectKey()

    @Test func aKeyIsMadeOnFirstUseAndStaysTheSame() {
        #expect(Self.firstUse.keyIfMade == nil)
        let made = Self.firstUse.key
        #expect(Self.firstUse.keyIfMade == made)
        #expect(Self.firstUse.key == made)
    }

    @Test func threadsMakingAKeyAtOnceAllGetTheSameOne() {
        let seen = Recorder<UInt>()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            seen.append(UInt(truncatingIfNeeded: Self.racing.key))
        }
        #expect(seen.count == 16)
        #expect(Set(seen.values).count == 1)
        #expect(seen.values.first == Self.racing.keyIfMade.map { UInt(truncatingIfNeeded: $0) })
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
