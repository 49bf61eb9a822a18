import PerceiveTerminal

/// The status line's account of the last input's frame.
enum GalleryStatus {
    /// "last input: 1 build in the gallery, header 1 · 2 reloads · 2 cells, 56 bytes · 310 µs".
    static func describe(_ frame: FrameStats) -> String {
        let gallery = ["Cell", "BrokenCell", "Gallery"].reduce(0) { $0 + (frame.buildsByType[$1] ?? 0) }
        let header = frame.buildsByType["Header"] ?? 0
        let builds = gallery == 1 ? "1 build" : "\(gallery) builds"
        let reloads = frame.reloads == 1 ? "1 reload" : "\(frame.reloads) reloads"
        return "last input: \(builds) in the gallery, header \(header) · \(reloads) · \(frame.cellsWritten) cells, "
            + "\(frame.bytes) bytes · \(Int(frame.microseconds)) µs · b: placement, q: quit"
    }
}
