// swift-format-ignore-file
// These examples match Docs/ articles line for line, so the formatter leaves them as written.
import Foundation
import Testing
@testable import Perceive
import PerceiveLayout

// The examples of Docs/ReloadDiagnostics.md, compiled and checked.

final class Post: Perceptible {
    let id: Int
    @Perceived var likes = 0
    init(id: Int) { self.id = id }
}

struct SlowPostRow: ComponentBuilder {
    let post: Post
    func build() -> some Component {
        Text("♥ \(post.likes)")
            .tappableView { [weak post] in post?.likes += 1 }
            .perceptionView(width: .fill, height: 44)
    }
}

struct SlowFeed: ComponentBuilder {
    let posts: [Post]
    func build() -> some Component {
        VStack {
            for post in posts { SlowPostRow(post: post).id(post.id) }
        }
    }
}

struct PostRow: ComponentBuilder {
    let post: Post
    func build() -> some Component {
        Text("♥ \(post.likes)").tappableView { [weak post] in post?.likes += 1 }
    }
}

struct Feed: ComponentBuilder {
    let posts: [Post]
    func build() -> some Component {
        VStack {
            for post in posts { PostRow(post: post).perceptionView(width: .fill, height: 44).id(post.id) }
        }
    }
}

struct EquatablePostRow: ComponentBuilder, @MainActor Equatable {
    let post: Post
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.post === rhs.post }
    func build() -> some Component {
        Text("♥ \(post.likes)").tappableView { [weak post] in post?.likes += 1 }
    }
}

extension GlobalCheckingState {
@MainActor
@Suite("Docs/ReloadDiagnostics.md examples")
struct DocsDiagnosticsExamples {
    @Test func fromSlowToFixed() {
        // Builds shapes the debug checks flag on purpose: their messages are captured, not printed.
        quietly {
            let posts = (0..<3).map(Post.init)
            let feed = ComponentScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            feed.componentEngine.component = SlowFeed(posts: posts)
            feed.componentEngine.flush()

            let defaults = Diagnostics.options
            let (_, printed) = Diagnostics.capture {
                let log = ReloadLog.start()
                feed.tap(id: "1")
                feed.componentEngine.flush()
                ReloadLog.stop()
                print(log.dump())
                #expect(log.dump() == """
                    flush 1: 4 reloads
                      SlowFeed ← Post.likes: builds [SlowFeed ×1, SlowPostRow ×3], 1 layout, views +0 ~3 -0 ↕0
                      tappable Text ← new content from the parent: builds [], 1 layout, views +0 ~0 -0 ↕0
                      tappable Text ← new content from the parent: builds [], 1 layout, views +0 ~1 -0 ↕0
                      tappable Text ← new content from the parent: builds [], 1 layout, views +0 ~0 -0 ↕0
                    """)
                #expect(log.entries.first?.builds == ["SlowFeed": 1, "SlowPostRow": 3])
            }
            // Debug builds check wasted rebuilds from the start: the first tap already printed them.
            #expect(printed.count == (defaults.contains(.wastedRebuilds) ? 3 : 0))

            let (_, messages) = Diagnostics.capture {
                Diagnostics.options.insert(.wastedRebuilds)
                feed.tap(id: "1")
                feed.componentEngine.flush()
            }
            #expect(printed.map(\.text) == (defaults.contains(.wastedRebuilds) ? messages.map(\.text) : []))
            Diagnostics.options = defaults
            #expect(messages.map(\.text).first == "Perceive: SlowPostRow was built 3× when SlowFeed reloaded for Post.likes, and 2 of those builds read nothing that changed. SlowPostRow reads Post.likes in build(): apply .perceptionView to SlowPostRow where it is used, so that each one reloads on its own.")
            #expect(messages.count == 3)

            feed.componentEngine.component = Feed(posts: posts)
            feed.componentEngine.flush()
            let fixed = ReloadLog.start()
            feed.tap(id: "1")
            feed.componentEngine.flush()
            ReloadLog.stop()
            #expect(fixed.dump() == """
                flush 1: 1 reload
                  PostRow ← Post.likes: builds [PostRow ×1], 1 layout, views +0 ~1 -0 ↕0
                """)
            #expect(posts[1].likes == 3)
        }
    }

    @Test func equatableRowsSkipTheirBuilds() {
        struct EquatableFeed: ComponentBuilder {
            let posts: [Post]
            func build() -> some Component {
                VStack { for post in posts { EquatablePostRow(post: post).id(post.id) } }
            }
        }
        let posts = (0..<3).map(Post.init)
        let feed = makeHost(EquatableFeed(posts: posts))
        feed.componentEngine.resetStats()
        feed.tap(id: "1")
        feed.componentEngine.flush()
        // Only the tapped row read the like count: it builds alone, in an incremental reload.
        #expect(feed.componentEngine.buildsByType == ["EquatablePostRow": 1])
        #expect(feed.componentEngine.stats.incrementalReloads == 1)
    }

    @Test func aCustomModifierForwardsItsCallersLine() {
        let line = #line + 2
        let (_, messages) = Diagnostics.capture {
            _ = makeHost(VStack { Text("wide").card(height: .nan) })
        }
        #expect(
            messages.map(\.text) == [
                "Perceive: .size(…) on Text at PerceiveTests/DocsDiagnosticsExamples.swift:\(line): invalid absolute size nan was replaced by 0."
            ])
    }
}
}

extension Component {
    func card(height: CGFloat, fileID: StaticString = #fileID, line: UInt = #line) -> some Component {
        size(width: .fill, height: .absolute(height), fileID: fileID, line: line)
    }
}
