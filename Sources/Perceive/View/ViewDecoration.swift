/// What few views set: a background and layer-level properties (corner radius, border), kept
/// apart and made when either is first set.
///
/// A view keeps one word for both instead of two, which puts a label (232 bytes) and a boundary's
/// host view (184) in glibc's 240- and 192-byte size classes instead of 256 and 208. A view with a
/// background pays the small object instead (32 bytes).
@MainActor
final class ViewDecoration {
    /// The background fill, a word instead of 48 bytes (see `ColorBox`).
    @exclusivity(unchecked) var background: ColorBox?
    /// The layer, once anything asked for it.
    @exclusivity(unchecked) var layer: PlatformLayer?
}
