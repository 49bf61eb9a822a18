// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Observation
import Synchronization
import Testing
import Perceive

// The examples of Docs/Observation.md, compiled and checked. `DocsExamplesTests` verifies that every
// Swift block of the article appears here verbatim; `print` is captured so each output is asserted.

private let printed = Recorder<String>()
private func print(_ item: Any) { printed.append("\(item)") }

final class Inbox: Perceptible {
    @Perceived var title = "Inbox"
    @Perceived var unread = 0
    @Perceived var messages: [String] = []
}

final class Account: Perceptible, Sendable {
    private let registrar = PerceptionRegistrar()
    private let storage = Mutex(0)

    var balance: Int {
        get {
            registrar.access(self, keyPath: \.balance)
            return storage.withLock { $0 }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.balance) { storage.withLock { $0 = newValue } }
        }
    }
}

@Observable final class Settings {
    var theme = "light"
}

// Shared by the examples below; each test starts from the captured output it produces.
extension Inbox: @unchecked Sendable {}
extension Settings: @unchecked Sendable {}

@Suite("Docs/Observation.md examples", .serialized)
struct DocsObservationExamples {
    @Test func trackingAClosureOnce() {
        let start = printed.count
        let inbox = Inbox()
        let unread = withPerceptionTracking {
            inbox.unread
        } onChange: {
            print("unread changed")
        }
        inbox.title = "Archive"   // not read above: nothing happens
        inbox.unread = 1          // prints "unread changed"
        inbox.unread = 2          // already delivered: nothing happens
        #expect(unread == 0)
        #expect(Array(printed.values[start...]) == ["unread changed"])
    }

    @Test func persistentScopesAndTransactions() {
        let start = printed.count
        let inbox = Inbox()
        let scope = TrackingScope { change in
            print("reload because \(change)")
        }
        scope.track { _ = inbox.title }
        inbox.title = "Sent"               // prints "reload because Inbox.title"
        scope.track { _ = inbox.messages }
        inbox.title = "Drafts"             // no longer read: nothing happens
        inbox.messages.append("hello")     // prints "reload because Inbox.messages"
        scope.cancel()                     // unsubscribes and releases the handler at once

        let summary = TrackingScope { _ in print("\(inbox.title): \(inbox.unread)") }
        summary.track { _ = (inbox.title, inbox.unread) }
        withPerceptionTransaction {
            inbox.title = "Updates"
            inbox.unread = 3
        }                                   // prints "Updates: 3" once

        let settings = Settings()
        let themed = TrackingScope { change in print("reload because \(change)") }
        themed.track { _ = (settings.theme, inbox.unread) }
        settings.theme = "dark"             // prints "reload because @Observable model"

        #expect(Array(printed.values[start...]) == [
            "reload because Inbox.title",
            "reload because Inbox.messages",
            "Updates: 3",
            "reload because @Observable model",
        ])
    }

    @Test func registrarBackedProperty() {
        let account = Account()
        let fired = Recorder<String>()
        _ = withPerceptionTracking { account.balance } onChange: { fired.append("balance") }
        account.balance = 10
        #expect(fired.values == ["balance"])
        #expect(account.balance == 10)
    }

}

extension GlobalCheckingState {
@Suite("Docs/Observation.md checking example")
struct DocsObservationCheckingExample {
    @Test func checkingForUntrackedReads() {
        // The article's handler alone: the diagnostics' own channel (on in debug builds) is off.
        withOptions([]) {
            let start = printed.count
            let inbox = Inbox()
            PerceptionChecking.setHandler { report in print(report) }
            PerceptionChecking.expectingTracking("Screen.build()") {
                _ = inbox.unread   // reported: read in Screen.build() outside any perception scope
            }
            PerceptionChecking.setHandler(nil)
            #expect(Array(printed.values[start...]) == [
                "Inbox.unread was read in Screen.build() outside any perception scope; "
                    + "the read is not observed and later changes will not reload anything"
            ])
        }
    }
}
}
