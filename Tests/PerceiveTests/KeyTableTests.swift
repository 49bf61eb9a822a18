import Foundation
import Testing

@testable import Perceive

/// `table.insert` outside `#expect`, which cannot call a mutating member.
private func insert(_ table: inout KeyTable, _ key: String, _ value: Int) -> Bool { table.insert(key, value) }

@Suite("Key table and parent lookup")
struct KeyTableTests {
    @Test func storesEachKeyOnceAndFindsEveryOneAfterGrowing() {
        // Capacity 1 forces several regrowths; paths and ids like the reconciler's keys.
        var table = KeyTable(capacity: 1)
        let keys = (0..<2_000).map { $0.isMultiple(of: 2) ? "#\($0)" : "0/\($0)/row" }
        var inserted = 0
        for (index, key) in keys.enumerated() where table.insert(key, index) { inserted += 1 }
        #expect(inserted == 2_000)
        #expect(!insert(&table, "#0", 99))
        #expect(!insert(&table, "0/1999/row", 99))
        var found = 0
        for (index, key) in keys.enumerated() where table.value(for: key) == index { found += 1 }
        #expect(found == 2_000)
        #expect(table.value(for: "#0") == 0)
        #expect(table.value(for: "#1") == nil)
        #expect(table.value(for: "") == nil)
        #expect(insert(&table, "", -1))
        #expect(table.value(for: "") == -1)
    }

    @Test func anEmptyTableFindsNothing() {
        let empty = KeyTable(capacity: 0)
        #expect(empty.value(for: "a") == nil)
        #expect(empty.value(for: "") == nil)
        var table = KeyTable(capacity: 0)
        #expect(insert(&table, "", 7))
        #expect(table.value(for: "") == 7)
        #expect(table.value(for: "a") == nil)
    }

    @Test func longKeysAndCanonicallyEqualSpellingsAreFound() {
        var table = KeyTable(capacity: 4)
        let long = String(repeating: "gallery/", count: 20)
        #expect(insert(&table, long + "a", 1))
        #expect(insert(&table, long + "b", 2))
        #expect(insert(&table, "café", 3))
        // Another spelling of the same text: the same key, as `==` on strings says.
        #expect(!insert(&table, "cafe\u{301}", 4))
        #expect(table.value(for: "cafe\u{301}") == 3)
        #expect(table.value(for: long + "a") == 1)
        #expect(table.value(for: long + "b") == 2)
        #expect(table.value(for: "café") == 3)
        #expect(KeyTable.keyHash("a") == KeyTable.keyHash(String("xa".dropFirst())))
    }

    @MainActor @Test func aBoundaryFindsItsParentEngineAgainAfterItsViewMoves() {
        let first = PlatformView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let second = PlatformView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = PlatformView(frame: .zero)
        let child = PlatformView(frame: .zero)
        first.addSubview(middle)
        middle.addSubview(child)
        let (firstEngine, secondEngine, childEngine) = (first.componentEngine, second.componentEngine, child.componentEngine)
        #expect(childEngine.parentEngine === firstEngine)
        #expect(childEngine.parentEngine === firstEngine) // remembered
        second.addSubview(child)
        #expect(childEngine.parentEngine === secondEngine)
        middle.addSubview(child)
        #expect(childEngine.parentEngine === firstEngine)
        // A view on the way gets an engine: it is the nearest now.
        let middleEngine = middle.componentEngine
        #expect(childEngine.parentEngine === middleEngine)
        child.removeFromSuperview()
        #expect(childEngine.parentEngine == nil)
    }

    @MainActor @Test func aParentEngineThatIsGoneIsLookedUpAgain() {
        let child = PlatformView(frame: .zero)
        let childEngine = child.componentEngine
        do {
            let parent = PlatformView(frame: .zero)
            let parentEngine = parent.componentEngine
            parent.addSubview(child)
            #expect(childEngine.parentEngine === parentEngine)
        }
        // The parent view and its engine are gone; nothing in the hierarchy announced it.
        #expect(childEngine.parentEngine == nil)
    }
}
