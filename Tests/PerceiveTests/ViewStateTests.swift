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

    /// Labels and images alternate, so each view pooled returns to another class's defaults than
    /// the one before it.
    @Test func pooledViewsOfAlternatingClassesEachReturnToTheirOwnClassDefaults() {
        let picture = PlatformImage(name: "p.png", size: CGSize(width: 8, height: 8))
        func rows(_ prefix: String, styled: Bool) -> VStack {
            VStack {
                for index in 0..<6 {
                    if index % 2 == 0 {
                        if styled {
                            Text("\(prefix)\(index)").textColor(.red).backgroundColor(.blue).id("\(prefix)\(index)")
                        } else {
                            Text("\(prefix)\(index)").id("\(prefix)\(index)")
                        }
                    } else if styled {
                        Image(picture).with(\.alpha, 0.5).with(\.isHidden, true).id("\(prefix)\(index)")
                    } else {
                        AsyncImage(URL(string: "https://example.com/\(index).png")!).size(width: 8, height: 8).id("\(prefix)\(index)")
                    }
                }
            }
        }
        let host = makeHost(rows("old", styled: true))
        host.componentEngine.resetStats()
        host.componentEngine.component = rows("new", styled: false)
        host.componentEngine.flush()
        let stats = host.componentEngine.stats
        #expect((stats.viewsRemoved, stats.viewsReused, stats.viewsCreated) == (6, 6, 0))
        let labels = host.findViews(ofType: LabelView.self)
        #expect(labels.map(\.text) == ["new0", "new2", "new4"])
        #expect(labels.allSatisfy { $0.textColor == .black && $0.backgroundColor == nil })
        let images = host.findViews(ofType: ImageView.self)
        #expect(images.map { $0.url?.lastPathComponent } == ["1.png", "3.png", "5.png"])
        #expect(images.allSatisfy { $0.image == nil && $0.alpha == 1 && !$0.isHidden })
        #expect(host.dump() == makeHost(rows("new", styled: false)).dump())
    }

    /// A view's background and its layer are kept together but set apart: a background makes no
    /// layer, a layer keeps its properties when the background goes, and the background comes back
    /// as it was set.
    @Test func aViewsBackgroundAndLayerAreIndependent() {
        let view = PlatformView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        #expect(view.backgroundColor == .red)
        #expect(view.layerIfCreated == nil)
        view.layer.borderWidth = 3
        view.backgroundColor = nil
        #expect(view.backgroundColor == nil)
        #expect(view.layerIfCreated?.borderWidth == 3)
        view.backgroundColor = .blue
        #expect(view.backgroundColor == .blue)
        #expect(view.dump().contains("background=") && view.dump().contains("borderWidth=3"))
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
