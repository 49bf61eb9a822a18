import Foundation
import Perceive
import PerceiveLayout

/// The screen: a header with the total, the waterfall in a scroll view, a status line.
struct GalleryScreen: ComponentBuilder {
    let model: GalleryModel

    func build() -> some Component {
        VStack {
            Header(model: model).perceptionView(width: .fill, height: 1)
            Gallery(model: model).perceptionScrollView(width: .fill, height: .fill).flex()
            StatusLine(model: model).perceptionView(width: .fill, height: 1)
        }
    }
}

// Equal when they show the same objects: a resize or a scroll that hands a boundary the same
// content then does not reload it.
struct Header: ComponentBuilder, @MainActor Equatable {
    let model: GalleryModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component {
        let placement = model.brokenPlacement ? "broken (boundary inside build)" : "correct (boundary where used)"
        return Text("♥ \(model.totalLikes) likes · \(model.pictures.count) pictures · placement: \(placement)")
            .font(.boldSystemFont(ofSize: 1)).numberOfLines(1).size(width: .fill, height: 1)
    }
}

struct StatusLine: ComponentBuilder, @MainActor Equatable {
    let model: GalleryModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.model === rhs.model }
    func build() -> some Component {
        Text(model.status).textColor(.gray).numberOfLines(1).size(width: .fill, height: 1)
    }
}

/// The waterfall. With the correct placement each cell is its own scope: a like rebuilds one
/// cell. With the broken one, each cell's reads land in this scope: a like rebuilds them all.
struct Gallery: ComponentBuilder {
    let model: GalleryModel
    func build() -> some Component {
        let broken = model.brokenPlacement
        return Waterfall(columns: 2, spacing: 1) {
            for picture in model.pictures {
                if broken {
                    BrokenCell(picture: picture, model: model).id(picture.id)
                } else {
                    Cell(picture: picture, model: model)
                        .perceptionView(width: .fill, height: .absolute(CGFloat(picture.height))).id(picture.id)
                }
            }
        }
    }
}

/// A picture's block: its colour, its like count, tappable.
@MainActor func pictureBlock(_ picture: Picture, _ model: GalleryModel) -> some Component {
    Text(" ♥ \(picture.likes)").textColor(.white).size(width: .fill, height: .fill)
        .with(\.backgroundColor, picture.color)
        .tappableView { [weak model, weak picture] in
            guard let model, let picture else { return }
            model.like(picture)
        }
}

struct Cell: ComponentBuilder, @MainActor Equatable {
    let picture: Picture
    let model: GalleryModel
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.picture === rhs.picture && lhs.model === rhs.model }
    func build() -> some Component { pictureBlock(picture, model) }
}

struct BrokenCell: ComponentBuilder {
    let picture: Picture
    let model: GalleryModel
    func build() -> some Component {
        pictureBlock(picture, model).perceptionView(width: .fill, height: .absolute(CGFloat(picture.height)))
    }
}
