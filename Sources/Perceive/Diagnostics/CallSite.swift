/// Where a call was written — a modifier's or an initializer's `#fileID` and `#line` — so that a
/// diagnostic about the component it made can point at the user's code.
///
/// Modifiers that validate input take `fileID`/`line` parameters defaulted to the caller's
/// position. A custom modifier forwards its own caller's position to them:
///
/// ```swift
/// extension Component {
///     func card(fileID: StaticString = #fileID, line: UInt = #line) -> some Component {
///         size(width: .fill, height: 80, fileID: fileID, line: line)
///     }
/// }
/// ```
public struct CallSite: Sendable, CustomStringConvertible {
    // The line first: the file's flag byte then ends the value (25 bytes, not 32), and a field that
    // follows a call site in a node can use the room after it.
    /// The line in that file.
    public let line: UInt
    /// The file, as `#fileID` spells it (`Module/File.swift`).
    public let fileID: StaticString

    /// The position of the call that creates this value, or the one given.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `Module/File.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}
