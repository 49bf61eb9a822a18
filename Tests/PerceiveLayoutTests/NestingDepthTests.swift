import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Whether this test process runs under the address or thread sanitizer, whose larger frames
/// make the stack check stop deep trees sooner than the documented depth.
let runningUnderSanitizer: Bool = {
    let process = dlopen(nil, RTLD_NOW)
    return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()

/// A builder nested `depth` levels deep, with a label at the bottom.
struct Nested: ComponentBuilder {
    let depth: Int
    func build() -> some Component {
        VStack {
            if depth > 0 { Nested(depth: depth - 1) } else { Text("bottom").id("bottom") }
        }
    }
}

/// Runs `body` with `maximumNestingDepth` set to `limit`, restoring it afterwards.
@MainActor
func withNestingLimit<T>(_ limit: Int, _ body: () -> T) -> T {
    let saved = ComponentEngine.maximumNestingDepth
    ComponentEngine.maximumNestingDepth = limit
    defer { ComponentEngine.maximumNestingDepth = saved }
    return body()
}

@MainActor
@Suite("Nesting depth")
struct NestingDepthTests {
    /// The documented supported depth: 10,000 builders in release builds, 2,000 in debug builds.
    @Test func theSupportedDepthLaysOutCompletely() {
        let depth = ComponentEngine.maximumNestingDepth
        #if DEBUG
            #expect(depth == 2_000)
        #else
            #expect(depth == 10_000)
        #endif
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = Nested(depth: depth - 1)
        let (_, messages) = Diagnostics.capture { host.componentEngine.flush() }
        if runningUnderSanitizer {
            // Sanitizer frames are larger: the stack check stops first, with its message.
            #expect(messages.allSatisfy { $0.category == .layout && $0.text.contains("stack is nearly used up") })
        } else {
            #expect(messages.isEmpty)
            #expect((host.findView(id: "bottom") as? LabelView)?.text == "bottom")
            #expect(host.componentEngine.stats.builds == depth)
        }
    }

    @Test func deeperThanTheLimitIsCutOffWithAMessage() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = Nested(depth: 150)
        let (_, messages) = withNestingLimit(100) { Diagnostics.capture { host.componentEngine.flush() } }
        #expect(host.componentEngine.stats.builds == 100)
        #expect(host.findView(id: "bottom") == nil)
        #expect(
            messages.map(\.text) == [
                "Perceive: the component tree is nested more than 100 builders deep (ComponentEngine.maximumNestingDepth) at Nested; "
                    + "the deeper part is not laid out. Flatten the recursion (a list instead of nesting), or raise "
                    + "ComponentEngine.maximumNestingDepth if the stack allows."
            ])
        // Within the limit again, the whole tree shows.
        host.componentEngine.component = Nested(depth: 50)
        withNestingLimit(100) { host.componentEngine.flush() }
        #expect((host.findView(id: "bottom") as? LabelView)?.text == "bottom")
    }

    @Test func aTreeDeeperThanTheStackStopsBeforeTheStackEnds() {
        // No limit but the stack: the check stops the recursion with a message, never a crash.
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.componentEngine.component = Nested(depth: 1_000_000)
        let (_, messages) = withNestingLimit(.max) { Diagnostics.capture { host.componentEngine.flush() } }
        #expect(messages.count == 1)
        #expect(messages.first?.text.contains("where the thread's stack is nearly used up at Nested") == true)
        #expect(host.componentEngine.stats.builds > 1_000)
        #expect(host.componentEngine.stats.builds < 1_000_000)
    }
}
