// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Perceive
import PerceiveLayout
import PerceiveTerminal
import Testing

// The examples of Docs/Terminal.md, compiled and checked.

final class Counter: Perceptible {
    @Perceived var count = 0
}

struct CounterScreen: ComponentBuilder {
    let counter: Counter
    func build() -> some Component {
        VStack(spacing: 1) {
            Text("Count: \(counter.count)")
            Text(" +1 ").textColor(.white).with(\.backgroundColor, .blue)
                .tappableView { [counter] in counter.count += 1 }
        }
    }
}

/// The article's `main.swift`, compiled (it needs a terminal to run).
@MainActor func counterMain() -> Int32 {
let status = MainActor.assumeIsolated {
    let counter = Counter()
    return TerminalApp.main(name: "counter") { CounterScreen(counter: counter) }
}
return status
}

@MainActor
@Suite("Docs/Terminal.md examples")
struct DocsTerminalExamples {
    @Test func aCounterDrivenWithoutATerminal() {
        let counter = Counter()
        let screen = TerminalScreen(columns: 20, rows: 5, colors: .none) { CounterScreen(counter: counter) }
        var terminal = VirtualTerminal(columns: 20, rows: 5)
        terminal.feed(screen.frame())
        _ = screen.handle(.key(.tab))
        _ = screen.handle(.key(.enter))
        terminal.feed(screen.frame())
        #expect(terminal.lines == ["Count: 1", "", " +1", "", ""])
        #expect(screen.lastFrame.builds == 1)
        #expect(screen.lastFrame.cellsWritten == 5) // the new digit, and the focus on " +1 "
    }
}
