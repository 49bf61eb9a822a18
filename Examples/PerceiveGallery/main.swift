import Foundation
import Perceive
import PerceiveLayout
import PerceiveTerminal

// The gallery from the perception guide, in a terminal: 10,000 pictures in a two-column
// waterfall, a like per tap (Enter, Space or a click), and the cost of the last tap.
//   swift run perceive-gallery                 # interactive
//   swift run perceive-gallery --print-frame   # one frame as text, for scripts
let status: Int32 = MainActor.assumeIsolated {
    Diagnostics.options = [] // the broken placement is shown on purpose
    let model = GalleryModel(count: 10_000)
    return TerminalApp.main(name: "perceive-gallery", minimumSize: (40, 10)) { app in
        app.screen.onKey = { key in
            guard key == .character("b") else { return false }
            model.brokenPlacement.toggle()
            return true
        }
        app.onFrame = { frame in
            guard frame.reloads > 0 else { return }
            model.status = GalleryStatus.describe(frame)
        }
    } content: {
        GalleryScreen(model: model)
    }
}
exit(status)
