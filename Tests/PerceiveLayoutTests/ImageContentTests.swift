import Foundation
import Perceive
import PerceiveLayout
import Testing

/// An image view is configured again only when what it shows changed: the same URL value, an
/// equal URL made anew, another URL.
@MainActor
@Suite("Image content")
struct ImageContentTests {
    func shown(_ url: URL) -> ComponentView {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.componentEngine.component = AsyncImage(url).size(width: 50, height: 50)
        host.componentEngine.flush()
        host.componentEngine.resetStats()
        return host
    }

    func updates(showing first: URL, then second: URL) -> (updated: Int, compared: Int, url: URL?) {
        let host = shown(first)
        host.componentEngine.component = AsyncImage(second).size(width: 50, height: 50)
        host.componentEngine.flush()
        let view = host.findViews(ofType: ImageView.self).first
        return (host.componentEngine.stats.viewsUpdated, host.componentEngine.stats.nodesCompared, view?.url)
    }

    @Test func theSameURLLeavesTheViewAlone() throws {
        let url = try #require(URL(string: "https://example.com/a.png"))
        let result = updates(showing: url, then: url)
        #expect(result.updated == 0)
        #expect(result.compared == 1)
        #expect(result.url == url)
    }

    @Test func anEqualURLMadeAnewLeavesTheViewAlone() throws {
        let first = try #require(URL(string: "https://example.com/a.png"))
        let second = try #require(URL(string: "https://example.com/" + "a.png"))
        let result = updates(showing: first, then: second)
        #expect(result.updated == 0)
        #expect(result.url == first)
    }

    @Test func anotherURLConfiguresTheView() throws {
        let first = try #require(URL(string: "https://example.com/a.png"))
        let second = try #require(URL(string: "https://example.com/b.png"))
        let result = updates(showing: first, then: second)
        #expect(result.updated == 1)
        #expect(result.url == second)
    }
}
