import Foundation

/// Shows text. Its content is exposed for tests: `text`, `font`, `textColor`, `numberOfLines`.
@MainActor
open class LabelView: PlatformView {
    // Read for every label of every frame a display draws (no dynamic exclusivity check: see
    // `PlatformView`'s display properties).
    @exclusivity(unchecked) public var text = "" {
        didSet { displayChanged() }
    }
    @exclusivity(unchecked) public var font = Font.systemFont(ofSize: 17) {
        didSet { displayChanged() }
    }
    public var textColor: PlatformColor {
        get { textColorBox.color }
        set {
            // Setting the color the label has (a render configuring it again) keeps its box.
            if !textColorBox.holds(newValue) { textColorBox = ColorBox.holding(newValue) }
            displayChanged()
        }
    }
    /// Sets ``textColor`` unless the label shows that color already. The color is only read: the
    /// setter takes a copy of it, a retain and a release of its name each time a render
    /// configures a label.
    package func showTextColor(_ color: PlatformColor) {
        guard !textColorBox.holds(color) else { return }
        textColorBox = ColorBox.holding(color)
        displayChanged()
    }
    /// `textColor`, a word per label instead of 48 bytes (see `ColorBox`).
    @exclusivity(unchecked) private var textColorBox = ColorBox.black
    /// The maximum number of lines; 0 means unlimited.
    @exclusivity(unchecked) public var numberOfLines = 0 {
        didSet { displayChanged() }
    }

    override func restoreDisplayProperties(from prototype: PlatformView) {
        super.restoreDisplayProperties(from: prototype)
        guard let prototype = prototype as? LabelView else { return }
        if text != prototype.text { text = prototype.text }
        if font != prototype.font { font = prototype.font }
        if textColor != prototype.textColor { textColor = prototype.textColor }
        if numberOfLines != prototype.numberOfLines { numberOfLines = prototype.numberOfLines }
    }

    open override var dumpAttributes: [String] {
        var attributes = super.dumpAttributes + ["text=\"\(text)\""]
        if font != .systemFont(ofSize: 17) { attributes.append("font=\(font)") }
        if textColor != .black { attributes.append("color=\(textColor)") }
        if numberOfLines != 0 { attributes.append("lines=\(numberOfLines)") }
        return attributes
    }
}

/// Shows an image, or the image at a URL (headless: the URL is only recorded, nothing is fetched).
@MainActor
open class ImageView: PlatformView {
    public var image: PlatformImage? {
        didSet { displayChanged() }
    }
    public var url: URL? {
        didSet { displayChanged() }
    }

    override func restoreDisplayProperties(from prototype: PlatformView) {
        super.restoreDisplayProperties(from: prototype)
        guard let prototype = prototype as? ImageView else { return }
        (image, url) = (prototype.image, prototype.url)
    }

    open override var dumpAttributes: [String] {
        var attributes = super.dumpAttributes
        if let image { attributes.append("image=\(image)") }
        if let url { attributes.append("url=\(url.absoluteString)") }
        return attributes
    }
}
