import Foundation
import PerceiveLayout
import Testing

@testable import Perceive

/// A view's `superview` is kept without a weak reference: these pin down that it is always the view
/// whose `subviews` hold it, or `nil`, whatever takes the view out.
@MainActor
@Suite("View hierarchy")
struct ViewHierarchyTests {
    /// A parent with `child` among its subviews, dropped on return.
    private func childOfAParentThatIsGone(_ child: PlatformView) -> ObjectIdentifier {
        let parent = PlatformView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(child)
        #expect(child.superview === parent)
        return ObjectIdentifier(parent)
    }

    @Test func aSubviewThatOutlivesItsSuperviewHasNone() {
        let child = PlatformView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let grandchild = PlatformView(frame: .zero)
        child.addSubview(grandchild)
        _ = childOfAParentThatIsGone(child)
        #expect(child.superview == nil)
        // Its own subviews keep it.
        #expect(grandchild.superview === child)
        // It can join another view.
        let other = PlatformView(frame: .zero)
        other.addSubview(child)
        #expect(child.superview === other)
        #expect(other.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
    }

    @Test func movingAndRemovingAViewKeepsOneSuperview() {
        let (first, second) = (PlatformView(frame: .zero), PlatformView(frame: .zero))
        let (a, b) = (PlatformView(frame: .zero), PlatformView(frame: .zero))
        first.addSubview(a)
        first.addSubview(b)
        second.insertSubview(a, at: 0)
        #expect(a.superview === second)
        #expect(first.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
        b.removeFromSuperview()
        #expect(b.superview == nil)
        #expect(first.subviews.isEmpty)
        // Inserting a subview again where it is moves it, keeping its superview.
        second.addSubview(b)
        second.insertSubview(b, at: 0)
        #expect(b.superview === second)
        #expect(second.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b), ObjectIdentifier(a)])
    }

    /// A list the reconciler hands over may name a view twice (a repeated row): leaving, the view
    /// takes every entry with it, and the other subviews keep their order.
    @Test func aViewListedTwiceLeavesEveryPlace() {
        let parent = PlatformView(frame: .zero)
        let (a, b, c) = (PlatformView(frame: .zero), PlatformView(frame: .zero), PlatformView(frame: .zero))
        parent.setSubviews([a, b, a, c, a])
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, b, a, c, a].map(ObjectIdentifier.init))
        a.removeFromSuperview()
        #expect(a.superview == nil)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, c].map(ObjectIdentifier.init))
        #expect(b.superview === parent && c.superview === parent)
    }

    @Test func rowsAnEngineDropsHaveNoSuperview() {
        let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        host.componentEngine.component = VStack { for row in 0..<4 { Text("row \(row)").id(row) } }
        host.componentEngine.flush()
        let rows = host.subviews
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.superview === host })
        // A removal from the middle (patched in place) and then every row (rendered in full).
        host.componentEngine.component = VStack { for row in [0, 3] { Text("row \(row)").id(row) } }
        host.componentEngine.flush()
        #expect(rows.map { $0.superview === host } == [true, false, false, true])
        host.componentEngine.component = VStack {}
        host.componentEngine.flush()
        #expect(rows.allSatisfy { $0.superview == nil })
    }

    @Test func aViewOutlivingItsHostAfterARenderHasNoSuperview() {
        var label: PlatformView?
        do {
            let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            host.componentEngine.component = Text("kept").id("kept")
            host.componentEngine.flush()
            label = host.findView(id: "kept")
            #expect(label?.superview === host)
        }
        #expect(label != nil)
        #expect(label?.superview == nil)
    }
}
