import Foundation
import PerceiveLayout
import Testing

@MainActor
@Suite("ZStack, overlay, background, inset, frame")
struct DecorationTests {
    @Test func zStackAlignsWithinTheLargestChild() {
        let node = layout(
            ZStack(verticalAlignment: .end, horizontalAlignment: .center) {
                box(100, 50); box(20, 10)
            })
        #expect(node.size == CGSize(width: 100, height: 50))
        #expect(childFrames(node) == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 40, y: 40, width: 20, height: 10)])
    }

    @Test func zStackStretchesChildrenOnlyAlongTheAxesThatAskForIt() {
        // A flexible child (it fills what it is given) takes the stack's size on a stretched axis
        // and its own on the others.
        let both = layout(
            ZStack(verticalAlignment: .stretch, horizontalAlignment: .stretch) {
                box(100, 50); Space()
            })
        #expect(childFrames(both) == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 0, y: 0, width: 100, height: 50)])
        let across = layout(
            ZStack(verticalAlignment: .start, horizontalAlignment: .stretch) {
                box(100, 50); box(20, 10)
            })
        #expect(childFrames(across) == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 0, y: 0, width: 100, height: 10)])
        let neither = layout(
            ZStack(verticalAlignment: .center, horizontalAlignment: .end) {
                box(100, 50); box(20, 10)
            })
        #expect(childFrames(neither) == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 80, y: 20, width: 20, height: 10)])
    }

    @Test func aGroupOfLayersTakesTheLargestWidthAndHeightWithinItsConstraint() {
        let group = ComponentGroup([box(10, 40), box(20, 5)])
        #expect(layout(group).size == CGSize(width: 20, height: 40))
        #expect(childFrames(layout(group)) == [CGRect(x: 0, y: 0, width: 10, height: 40), CGRect(x: 0, y: 0, width: 20, height: 5)])
        // Clamped into the constraint: up to its minimum, down to its maximum.
        let wide = group.layout(Constraint(minSize: CGSize(width: 50, height: 0), maxSize: CGSize(width: 100, height: 100)))
        #expect(wide.size == CGSize(width: 50, height: 40))
        #expect(layout(group, width: 15, height: 30).size == CGSize(width: 15, height: 30))
    }

    @Test func overlayAndBackgroundTakeTheContentSize() {
        let overlay = layout(box(60, 30).overlay { Text("hi").centered() })
        #expect(overlay.size == CGSize(width: 60, height: 30))
        #expect(childFrames(overlay) == [CGRect(x: 0, y: 0, width: 60, height: 30), CGRect(x: 0, y: 0, width: 60, height: 30)])
        let label = overlay.children[1].children[0]
        #expect(label.size == CGSize(width: 17, height: 21))
        #expect(overlay.children[1].positions == [CGPoint(x: 21.5, y: 4.5)])
        let background = layout(box(60, 30).background { box(1, 1) })
        #expect(background.children.map(\.size) == [CGSize(width: 60, height: 30), CGSize(width: 60, height: 30)])
    }

    @Test func insetAddsSpaceAroundTheContent() {
        let node = layout(box(50, 20).inset(top: 1, left: 2, bottom: 3, right: 4))
        #expect(node.size == CGSize(width: 56, height: 24))
        #expect(node.positions == [CGPoint(x: 2, y: 1)])
        #expect(layout(box(10, 10).inset(5)).size == CGSize(width: 20, height: 20))
        #expect(layout(box(10, 10).inset(h: 3, v: 1)).size == CGSize(width: 16, height: 12))
    }

    @Test func frameGivesAMinimumSizeWithAlignment() {
        let node = layout(box(20, 10).frame(minWidth: 100, minHeight: 30, alignment: .trailing))
        #expect(node.size == CGSize(width: 100, height: 30))
        #expect(node.positions == [CGPoint(x: 80, y: 10)])
    }

    @Test func centeredUsesTheMaximumOnBoundedAxes() {
        let node = layout(box(20, 10).centered(), width: 100, height: 50)
        #expect(node.size == CGSize(width: 100, height: 50))
        #expect(node.positions == [CGPoint(x: 40, y: 20)])
        let hugging = layout(box(20, 10).centered(), width: 100)
        #expect(hugging.size == CGSize(width: 100, height: 10))
    }
}
