import Foundation
import Perceive
import PerceiveLayout
import Testing

@testable import PerceiveGallery
@testable import PerceiveTerminal

/// The example gallery on a 40×12 virtual terminal: whole frames compared exactly.
@MainActor
@Suite("The gallery in a terminal")
struct GalleryScreenTests {
    let model = GalleryModel(count: 20)
    let screen: TerminalScreen
    var terminal = VirtualTerminal(columns: 40, rows: 12)

    init() {
        let model = self.model
        screen = TerminalScreen(columns: 40, rows: 12, colors: .trueColor) { GalleryScreen(model: model) }
    }

    /// Draws a frame into the virtual terminal; returns its bytes.
    @discardableResult mutating func draw() -> [UInt8] {
        let bytes = screen.frame()
        terminal.feed(bytes)
        #expect(terminal.unsupported.isEmpty)
        #expect(terminal.screen == screen.grid)
        return bytes
    }

    static let status = "Tab: focus · Enter or click: like ·"

    @Test mutating func firstFrameThenATapThenAScrollThenAResize() {
        draw()
        #expect(
            terminal.lines == [
                "♥ 0 likes · 20 pictures · placement:", " ♥ 0                  ♥ 0", "", "", "", " ♥ 0",
                "                      ♥ 0", "", "", "", "", Self.status
            ])
        // Only the visible pictures have views: four of twenty.
        #expect(FocusRing.tappables(in: screen.host).count == 4)
        #expect(terminal.screen[1, 1].style.background == TerminalColor(model.pictures[0].color))
        #expect(terminal.screen[0, 0].style.bold)

        _ = screen.handle(.key(.tab))
        draw()
        #expect(terminal.screen[1, 1].style.inverse) // the focused picture
        _ = screen.handle(.key(.enter))
        let tap = draw()
        #expect(model.pictures[0].likes == 1)
        #expect(screen.lastFrame.buildsByType == ["Cell": 1, "Header": 1])
        #expect(screen.lastFrame.cellsWritten == 2)
        // The two changed digits, each a cursor move and a pen: within the 64-byte target.
        #expect(
            String(decoding: tap, as: UTF8.self)
                == "\u{1B}[1;3H\u{1B}[0;1m1\u{1B}[2;4H\u{1B}[0;7;38;2;255;255;255;48;2;166;51;51m1")
        #expect(tap.count == 58)
        #expect(terminal.lines[0] == "♥ 1 likes · 20 pictures · placement:")
        #expect(terminal.lines[1] == " ♥ 1                  ♥ 0")

        _ = screen.handle(.key(.pageDown))
        draw()
        #expect(
            terminal.lines == [
                "♥ 1 likes · 20 pictures · placement:", "", " ♥ 0", "", "                      ♥ 0", "", "", "", "", "",
                " ♥ 0", Self.status
            ])
        // The focused picture scrolled away: focus is gone, Tab starts again from the top.
        #expect(screen.focus.focused(in: screen.host) == nil)

        screen.resize(columns: 30, rows: 10)
        terminal = VirtualTerminal(columns: 30, rows: 10)
        draw()
        #expect(
            terminal.lines == [
                "♥ 1 likes · 20 pictures ·", "", " ♥ 0", "", "                 ♥ 0", "", "", "", "", "Tab: focus · Enter or click:"
            ])
        // Equal content and an equal environment: the boundaries kept their builds.
        #expect(screen.lastFrame.buildsByType["Cell"] == nil)
    }

    @Test mutating func theBrokenPlacementRebuildsEveryPicture() {
        draw()
        model.brokenPlacement = true
        draw()
        _ = screen.handle(.key(.tab))
        _ = screen.handle(.key(.enter))
        let (_, messages) = Diagnostics.capture {
            Diagnostics.options.insert(.wastedRebuilds)
            draw()
        }
        #expect(screen.lastFrame.buildsByType == ["Gallery": 1, "BrokenCell": 20, "Header": 1])
        #expect(model.totalLikes == 1)
        // The check names the mistake and the fix.
        #expect(
            messages.first?.text
                == "Perceive: BrokenCell was built 20× when Gallery (the boundary at PerceiveGallery/GalleryScreen.swift:12) reloaded for Picture.likes, and 19 of those builds read nothing that changed. BrokenCell reads Picture.likes in build(): apply .perceptionView to BrokenCell where it is used, so that each one reloads on its own."
        )
    }

    @Test mutating func aClickTapsThePictureUnderItAndTheWheelScrolls() {
        draw()
        _ = screen.handle(.mouse(MouseEvent(kind: .press(button: 0), x: 30, y: 3)))
        draw()
        #expect(model.pictures.map(\.likes).prefix(2) == [0, 1])
        #expect(screen.focus.focused(in: screen.host) != nil)
        _ = screen.handle(.mouse(MouseEvent(kind: .wheelDown, x: 5, y: 5)))
        draw()
        // Three rows down: the second row of pictures is near the top.
        #expect(
            terminal.lines == [
                "♥ 1 likes · 20 pictures · placement:", "", " ♥ 0", "                      ♥ 0", "", "", "", "", " ♥ 0", "",
                "                      ♥ 0", Self.status
            ])
        // A click on the header (not tappable) does nothing.
        _ = screen.handle(.mouse(MouseEvent(kind: .press(button: 0), x: 3, y: 0)))
        #expect(model.totalLikes == 1)
    }

    @Test mutating func qAndControlCQuit() {
        #expect(screen.handle(.key(.character("q"))) == .quit)
        #expect(screen.handle(.key(.controlC)) == .quit)
        #expect(screen.handle(.key(.character("x"))) == .proceed)
        screen.onKey = { $0 == .character("q") }
        #expect(screen.handle(.key(.character("q"))) == .proceed)
    }

    @Test mutating func noColorDrawsWithoutColours() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        let plain = TerminalScreen(columns: 40, rows: 12, colors: .none) { [model] in GalleryScreen(model: model) }
        let bytes = String(decoding: plain.frame(), as: UTF8.self)
        #expect(!bytes.contains("38;") && !bytes.contains("48;"))
        var terminal = VirtualTerminal(columns: 40, rows: 12)
        terminal.feed(Array(bytes.utf8))
        #expect(terminal.lines[1] == " ♥ 0                  ♥ 0")
        #expect(terminal.screen[1, 1].style.background == nil)
    }

    @Test func aTerminalTooSmallShowsANotice() {
        let small = TerminalScreen(columns: 24, rows: 4, colors: .trueColor) { [model] in GalleryScreen(model: model) }
        small.minimumSize = (40, 10)
        _ = small.frame()
        #expect(
            small.grid.rowsText.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "", "Too small: needs 40×10", "cells, has 24×4.", ""
            ])
    }

    @Test mutating func shiftTabWrapsAndKeysScrollWithinTheContent() throws {
        draw()
        let order = FocusRing.tappables(in: screen.host)
        #expect(order.count == 4)
        _ = screen.handle(.key(.backTab)) // from no focus: the last
        #expect(screen.focus.focused(in: screen.host) === order.last)
        _ = screen.handle(.key(.tab)) // wraps to the first
        #expect(screen.focus.focused(in: screen.host) === order.first)
        let scroll = try #require(TerminalHitTest.firstScrollView(in: screen.host))
        _ = screen.handle(.key(.down))
        #expect(scroll.contentOffset.y == 1)
        _ = screen.handle(.key(.up))
        _ = screen.handle(.key(.up))
        #expect(scroll.contentOffset.y == 0) // clamped at the top
        _ = screen.handle(.key(.end))
        #expect(scroll.contentOffset.y == scroll.contentSize.height - scroll.frame.height)
        _ = screen.handle(.key(.pageUp))
        #expect(scroll.contentOffset.y == scroll.contentSize.height - scroll.frame.height - (scroll.frame.height - 1))
        _ = screen.handle(.key(.home))
        #expect(scroll.contentOffset.y == 0)
    }

    @Test mutating func anAppsReloadLogKeepsRecordingThroughFrames() {
        draw()
        let log = ReloadLog.start()
        defer { ReloadLog.stop() }
        _ = screen.handle(.key(.tab))
        _ = screen.handle(.key(.enter))
        draw()
        #expect(ReloadLog.recording === log)
        #expect(log.entries.map(\.scope).sorted() == ["Cell", "Header"])
        #expect(screen.lastFrame.reloads == 2)
    }
}
