import Foundation

/// A label: text in a font and color, wrapped to the available width.
public struct Text: ViewBackedComponent {
    public typealias View = LabelView
    public let text: String
    public var font: Font = .systemFont(ofSize: 17)
    public var color: PlatformColor = .black
    public var numberOfLines = 0

    /// A label showing `text`.
    ///
    /// Disfavored, as SwiftUI's `Text` disfavors its `StringProtocol` initializer: a literal is a
    /// ``TextLiteral``, put together in fewer steps. A `String` value comes here, and so does a
    /// literal that interpolates something other than an `Int` or a `String`. In an extension of
    /// `Text` with an initializer of your own that a `String` also matches (`some
    /// CustomStringConvertible`), call ``init(verbatim:)``: `self.init(string)` would pick yours.
    @_disfavoredOverload
    public init(_ text: String) { self.text = text }

    /// A label showing exactly `text`: the initializer no overload competes with.
    public init(verbatim text: String) { self.text = text }

    /// A label showing a literal: `Text("\(count) likes")` spells what the same `String` does.
    @inlinable
    public init(_ literal: TextLiteral) { self.init(verbatim: literal.string) }

    /// The same label in `font`.
    public consuming func font(_ font: Font) -> Text { var copy = self; copy.font = font; return copy }
    /// The same label in `color`.
    public consuming func textColor(_ color: PlatformColor) -> Text { var copy = self; copy.color = color; return copy }
    /// The same label limited to `lines` lines (0 = unlimited; a negative count becomes 0, reported).
    public consuming func numberOfLines(_ lines: Int, fileID: StaticString = #fileID, line: UInt = #line) -> Text {
        var copy = self
        copy.numberOfLines = sanitizedCount(lines, in: 0...Int.max, "line count", origin(".numberOfLines(…) on Text", fileID, line))
        return copy
    }

    public func layout(_ constraint: Constraint, applying updates: [ViewPropertyUpdate<LabelView>]) -> any RenderNode {
        // A tight constraint decides the size whatever the text measures: nothing to measure.
        let measured =
            constraint.isTight
            ? constraint.minSize
            : EnvironmentValues.current.textMeasurer.measure(
                text, font: font, maxWidth: constraint.maxSize.width, maxLines: numberOfLines)
        return ViewNode<LabelView>(
            size: constraint.clamp(measured), updates: updates,
            content: TextContent(text: text, font: font, color: color, lines: numberOfLines))
    }
}

/// What a label shows; equal contents leave the view untouched.
struct TextContent: ViewContent {
    let text: String
    let font: Font
    let color: PlatformColor
    let lines: Int

    func configure(_ view: LabelView) {
        view.text = text
        if view.font != font { view.font = font }
        view.showTextColor(color)
        if view.numberOfLines != lines { view.numberOfLines = lines }
    }
}
