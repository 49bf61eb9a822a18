import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A center whose reducers are chosen by `if`/`else`, `for` and `if`.
struct ChoosingCenter: Center {
    let log: EventLog
    let counts: Bool
    let notes: [String]

    func makeState() -> CounterState { CounterState() }

    var reducers: [Reducer<CounterState>] {
        if counts {
            Reducer(Increment.self) { _, state, _ in state.count += 1 }
        } else {
            Reducer(Increment.self) { _, state, _ in state.count -= 1 }
        }
        for name in notes {
            Reducer(Note.self) { event, _, _ in log.entries.append("\(name): \(event.text)") }
        }
        if !notes.isEmpty {
            Reducer.forward(Ping.self)
        }
    }
}

@MainActor
@Suite("Reducers declared with statements")
struct ReducerBuilderTests {
    /// A `ChoosingCenter`'s store between a root store and a child store that receives pings.
    private func mounted(counts: Bool, notes: [String], log: EventLog) -> (
        root: Store<CounterCenter>?, store: Store<ChoosingCenter>?, host: ComponentView
    ) {
        var (root, middle): (Store<CounterCenter>?, Store<ChoosingCenter>?) = (nil, nil)
        let host = makeHost(
            WithStore(CounterCenter(log: log, name: "root")) { store in
                root = store
                WithStore(ChoosingCenter(log: log, counts: counts, notes: notes)) { store in
                    middle = store
                    WithStore(CounterCenter(log: log, name: "child", broadcastRole: .receive)) { _ in Text("child") }
                }
            })
        return (root, middle, host)
    }

    @Test func eachBranchContributesItsReducer() {
        let log = EventLog()
        let (counting, discounting) = (mounted(counts: true, notes: [], log: log), mounted(counts: false, notes: [], log: log))
        counting.store?.send(Increment())
        discounting.store?.send(Increment())
        #expect(counting.store?.state.count == 1)
        #expect(discounting.store?.state.count == -1)
    }

    @Test func aLoopContributesOneReducerPerPassAndTheFirstOfATypeWins() {
        let log = EventLog()
        let mounted = mounted(counts: true, notes: ["first", "second"], log: log)
        mounted.store?.send(Note(text: "x"))
        #expect(log.entries == ["first: x"])
    }

    /// A broadcast from the root reaches the child only through a store that forwards it.
    @Test func aForwardingReducerPassesBroadcastsOnWithoutReducingThem() {
        let log = EventLog()
        let forwarding = mounted(counts: true, notes: ["n"], log: log)
        forwarding.root?.broadcast(Ping())
        #expect(log.entries == ["child"])
        let silent = mounted(counts: true, notes: [], log: log)
        silent.root?.broadcast(Ping())
        #expect(log.entries == ["child"])
    }

    @Test func anEventWithoutAReducerIsIgnoredAndReported() {
        let log = EventLog()
        let mounted = mounted(counts: true, notes: [], log: log)
        let (_, messages) = Diagnostics.capture { mounted.store?.send(Ping()) }
        #expect(mounted.store?.state.count == 0)
        #expect(log.entries.isEmpty)
        #if DEBUG
            #expect(messages.map(\.text) == ["Perceive: Store<ChoosingCenter> has no reducer for Ping; the event was ignored."])
        #else
            #expect(messages.isEmpty)
        #endif
    }
}
