import Foundation
import PerceiveLayout
import Synchronization
import Testing

@testable import Perceive

/// A model with hand-written accessors, as the registrar's docs show.
final class Ledger: Perceptible, Sendable {
    private let registrar = PerceptionRegistrar()
    private let storage = Mutex(0)

    var credit: Int {
        get {
            registrar.access(self, keyPath: \.credit)
            return storage.withLock { $0 }
        }
        set { registrar.withMutation(of: self, keyPath: \.credit) { storage.withLock { $0 = newValue } } }
    }
}

/// A class that does not conform to `Perceptible`: its `@Perceived` properties are tracked all the same.
final class PlainTally {
    @Perceived var count = 0
}

/// Two tracked properties of one class.
final class TwoCounts {
    @Perceived var first = 0
    @Perceived var second = 0
}

/// The reload causes the log records for `write` and one flush of `host`'s engine.
@MainActor
private func reloadCauses(of host: ComponentView, after write: () -> Void) -> [String] {
    let log = ReloadLog.start()
    write()
    host.componentEngine.flush()
    ReloadLog.stop()
    return log.entries.map(\.cause)
}

@MainActor
@Suite("Registrar property names")
struct RegistrarNameTests {
    @Test func perceivedPropertiesOfAnyClassAreTrackedAndNamed() {
        let tally = PlainTally()
        let fired = Recorder<Int>()
        let value = withPerceptionTracking {
            tally.count
        } onChange: {
            fired.append(1)
        }
        tally.count = 1
        tally.count = 2
        #expect(value == 0)
        #expect(fired.count == 1)
        struct Screen: ComponentBuilder {
            let tally: PlainTally
            func build() -> some Component { Text("count \(tally.count)") }
        }
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        host.componentEngine.component = Screen(tally: tally)
        host.componentEngine.flush()
        #expect(reloadCauses(of: host) { tally.count = 5 } == ["PlainTally.count"])
        #expect(host.findViews(ofType: LabelView.self).first?.text == "count 5")
    }

    @Test func firstWritesToFreshObjectsNameEachPropertyWhateverWasNamedBefore() {
        // Each object's first write is named from the per-type cache; alternating properties and
        // types checks that the name found last time is only taken for the same property.
        let names = Recorder<String>()
        var scopes: [TrackingScope] = []
        func observe(_ read: @escaping () -> Void) {
            let scope = TrackingScope { change in names.append(change.description) }
            scope.track(read)
            scopes.append(scope)
        }
        for _ in 0..<3 {
            let (cell, tally, row) = (TwoCounts(), PlainTally(), TwoCounts())
            observe { _ = cell.first }
            observe { _ = tally.count }
            observe { _ = row.second }
            cell.first += 1
            tally.count += 1
            row.second += 1
        }
        #expect(names.values == Array(repeating: ["TwoCounts.first", "PlainTally.count", "TwoCounts.second"], count: 3).flatMap { $0 })
        #expect(scopes.count == 9)
    }

    @Test func aChangeThroughTheRegistrarNamesTheProperty() {
        let ledger = Ledger()
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        struct Screen: ComponentBuilder {
            let ledger: Ledger
            func build() -> some Component { Text("credit \(ledger.credit)") }
        }
        host.componentEngine.component = Screen(ledger: ledger)
        host.componentEngine.flush()
        #expect(reloadCauses(of: host) { ledger.credit = 5 } == ["Ledger.credit"])
        #expect(host.findViews(ofType: LabelView.self).first?.text == "credit 5")
    }

    @Test func onlyPlainNamesAreTaken() {
        #expect(PropertyName.isPlainName("credit"))
        #expect(PropertyName.isPlainName("_balance2"))
        #expect(!PropertyName.isPlainName("deposit(_:)"))
        #expect(!PropertyName.isPlainName("subscript(_:)"))
        #expect(!PropertyName.isPlainName(""))
    }

    @Test func namesAreInternedValuesEqualByTheirStrings() {
        let likes = PropertyName(typeName: "PerceptionImage", property: "likes")
        let again = PropertyName(typeName: "PerceptionImage", property: "likes")
        let other = PropertyName(typeName: "PerceptionImage", property: "liked")
        let swapped = PropertyName(typeName: "likes", property: "PerceptionImage")
        #expect(likes == again)
        #expect(likes.hashValue == again.hashValue)
        #expect(likes != other)
        #expect(likes != swapped)
        #expect(Set([likes, again, other, swapped]).count == 3)
        #expect(again.description == "PerceptionImage.likes")
        #expect(PerceptionChange(kind: .mutation, property: likes) == PerceptionChange(kind: .mutation, property: again))
    }
}
