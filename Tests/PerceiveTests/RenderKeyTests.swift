import Testing

@testable import Perceive

/// The reconciler's automatic keys: the structural path of child indexes after a mark that keeps
/// them apart from explicit ids, spelled the same whichever way a path was reached.
@Suite("Render keys")
struct RenderKeyTests {
    /// The key as concatenation spells it: what the one-pass writer must reproduce byte for byte.
    private func spelled(_ parent: String, _ index: Int) -> String {
        let path = index < 0 ? parent : (parent.isEmpty ? String(index) : parent + "." + String(index))
        return String(RenderKey.automaticMark) + (path.isEmpty ? "root" : path)
    }

    @Test func automaticKeysAreTheMarkAndThePath() {
        let parents = ["", "0", "3", "0.1", "12.0.7", "1.2.3.4.5.6.7.8.9.10", String(repeating: "9.", count: 40) + "9"]
        let indexes = [-1, 0, 1, 9, 10, 31, 32, 99, 100, 12_345, 1_000_000_007, Int.max]
        for parent in parents {
            for index in indexes {
                let key = (index < 0 ? RenderPath(parent) : RenderPath(parent, index, scope: "")).key
                #expect(key == spelled(parent, index), "parent \(parent), index \(index)")
            }
        }
    }

    /// A layout's child is recognised by its key without making its path: what the path, named by
    /// the child's id when it has one, spells, and nothing else.
    @Test func aChildsKeyIsWhatItsPathSpells() {
        for parent in ["", "0", "1", "12.3"] {
            for index in [0, 1, 15, 31, 32, 40, 1_000] {
                for id in [nil, "a", "row-7", "\u{1}3"] as [String?] {
                    let path = RenderPath(parent, index, scope: "")
                    let key = (id.map { path.identified($0) } ?? path).key
                    #expect(RenderPath.isKey(key, ofChild: index, of: parent, identifiedBy: id), "parent \(parent), index \(index)")
                    #expect(!RenderPath.isKey(key + "x", ofChild: index, of: parent, identifiedBy: id))
                    #expect(!RenderPath.isKey(key, ofChild: index + 1, of: parent, identifiedBy: id) || id != nil)
                    #expect(!RenderPath.isKey(key, ofChild: index, of: parent + "9", identifiedBy: id) || id != nil)
                }
            }
        }
    }

    /// A key is recognised as an automatic one byte for byte: exactly the key the writer spells,
    /// and not one differing in a byte, a byte longer or a byte shorter.
    @Test func automaticKeysAreRecognisedWithoutSpellingThem() {
        let parents = ["", "0", "3", "0.1", "12.0.7", "row-3", String(repeating: "9.", count: 40) + "9"]
        for parent in parents {
            for index in [0, 1, 9, 10, 31, 32, 99, 100, 12_345, Int.max] {
                let key = RenderKey.automatic(parent, index)
                #expect(RenderKey.isAutomatic(key, parent: parent, index: index), "parent \(parent), index \(index)")
                var bytes = Array(key.utf8)
                #expect(!RenderKey.isAutomatic(String(decoding: bytes.dropLast(), as: UTF8.self), parent: parent, index: index))
                #expect(!RenderKey.isAutomatic(key + "0", parent: parent, index: index))
                for position in bytes.indices {
                    let saved = bytes[position]
                    bytes[position] = saved == 0x35 ? 0x36 : 0x35
                    #expect(!RenderKey.isAutomatic(String(decoding: bytes, as: UTF8.self), parent: parent, index: index))
                    bytes[position] = saved
                }
                #expect(!RenderKey.isAutomatic(key, parent: parent, index: index &+ 1) || index == Int.max)
                #expect(!RenderKey.isAutomatic(key, parent: parent + "1", index: index))
            }
        }
        #expect(!RenderKey.isAutomatic("\u{1}-1", parent: "", index: -1))
    }

    @Test func exactKeysForSomePaths() {
        #expect(RenderPath("").key == "\u{1}root")
        #expect(RenderPath("", 2, scope: "").key == "\u{1}2")
        #expect(RenderPath("0.1", 5, scope: "").key == "\u{1}0.1.5")
        #expect(RenderPath("4", -1, scope: "").key == "\u{1}4")
        #expect(RenderPath("", 40, scope: "").key == "\u{1}40")
        // An explicit id is its own key, scoped by the explicit id above it.
        #expect(RenderPath("row-3", 0, scope: "").identified("toggle").key == "toggle")
        #expect(RenderPath("").identified("row-3").identified("row-3").key == "row-3")
    }

    /// Explicit ids never collide with automatic keys, whatever they spell.
    @Test func anExplicitIDThatLooksLikeAPathIsAnotherKey() {
        #expect(RenderPath("").identified("0.1").key != RenderPath("0", 1, scope: "").key)
        #expect(RenderPath("").identified("root").key != RenderPath("").key)
    }
}
