import Foundation
import Perceive
import PerceiveLayout
import Testing

final class RowLook: Perceptible {
    @Perceived var dim = false
    @Perceived var ids = ["a"]
    @Perceived var highlighted: Set<String> = ["a"]
}

/// One row whose alpha a modifier sets only while `dim` is on.
struct DimmableRow: ComponentBuilder {
    let look: RowLook
    func build() -> some Component {
        VStack {
            if look.dim {
                Text("row").with(\.alpha, 0.5).id("row")
            } else {
                Text("row").id("row")
            }
        }
    }
}

/// Rows by id; highlighted ones get a red background and a border.
struct HighlightedRows: ComponentBuilder {
    let look: RowLook
    func build() -> some Component {
        VStack {
            for id in look.ids {
                if look.highlighted.contains(id) {
                    Text(id).backgroundColor(.red).with(\.layer.borderWidth, 2).id(id)
                } else {
                    Text(id).id(id)
                }
            }
        }
    }
}

@MainActor
@Suite("View state is a function of the current node")
struct ViewStateTests {
    @Test func aPropertyReturnsToItsDefaultWhenTheNodeStopsSettingIt() {
        let look = RowLook()
        look.dim = true
        let host = makeHost(DimmableRow(look: look))
        #expect(host.findView(id: "row")?.alpha == 0.5)
        look.dim = false
        host.componentEngine.flush()
        #expect(host.findView(id: "row")?.alpha == 1)
        #expect(host.dump() == makeHost(DimmableRow(look: look)).dump())
    }

    @Test func aPooledViewStartsFromItsClassDefaults() {
        let look = RowLook()
        let host = makeHost(HighlightedRows(look: look))
        #expect(host.findView(id: "a")?.backgroundColor == .red)
        // "a" leaves (its view goes to the pool) and "b" arrives, plain: it takes the pooled view.
        look.ids = ["b"]
        host.componentEngine.resetStats()
        host.componentEngine.flush()
        #expect(host.componentEngine.stats.viewsReused == 1)
        let reused = host.findView(id: "b")
        #expect(reused?.backgroundColor == nil)
        #expect(reused?.layer.borderWidth == 0)
        #expect(host.dump() == makeHost(HighlightedRows(look: look)).dump())
    }

    /// Most views never set a layer property: they carry no layer object until one is asked for.
    @Test func aViewMakesItsLayerOnlyWhenALayerPropertyIsUsed() {
        let look = RowLook()
        look.ids = ["a", "b"]
        let host = makeHost(HighlightedRows(look: look))
        #expect(host.findView(id: "a")?.layerIfCreated?.borderWidth == 2)
        #expect(host.findView(id: "b")?.layerIfCreated == nil)
        #expect(host.dump().contains("borderWidth=2"))
        // A pooled view with a border returns to the defaults for the plain row that reuses it.
        look.highlighted = []
        host.componentEngine.flush()
        #expect(host.findView(id: "a")?.layerIfCreated?.borderWidth == 0)
        #expect(host.dump() == makeHost(HighlightedRows(look: look)).dump())
    }

    @Test func aTapHandlerIsDroppedWhenItsViewIsPooled() {
        struct Buttons: ComponentBuilder {
            let look: RowLook
            func build() -> some Component {
                VStack {
                    for id in look.ids { Text(id).tappableView {}.id(id) }
                }
            }
        }
        let look = RowLook()
        let host = makeHost(Buttons(look: look))
        let button = host.findViews(ofType: TappableView.self).first
        #expect(button?.onTap != nil)
        look.ids = []
        host.componentEngine.flush()
        #expect(button?.superview == nil)
        #expect(button?.onTap == nil)
    }
}
