import Foundation
import Testing

/// Every ```swift block in Docs/*.md and README.md must appear, paragraph by paragraph and line for
/// line (indentation aside), in a test file named `Docs*Examples.swift`, where it is compiled and
/// its behaviour asserted. A doc example that drifts from the code therefore fails this test.
@Suite("Docs examples are compiled")
struct DocsExamplesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    static func exampleSources() throws -> [String] {
        let fileManager = FileManager.default
        var sources: [String] = []
        for folder in ["Tests/PerceiveTests", "Tests/PerceiveLayoutTests", "Tests/PerceiveTerminalTests"] {
            let url = root.appendingPathComponent(folder)
            for name in (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
            where name.hasPrefix("Docs") && name.hasSuffix("Examples.swift") {
                sources.append(try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
            }
        }
        return sources
    }

    @Test func everySwiftBlockIsCompiledByATest() throws {
        let docs = Self.root.appendingPathComponent("Docs")
        var articles = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }
            .map { "Docs/" + $0 }
        #expect(articles.contains("Docs/Observation.md"))
        articles.append("README.md")
        let sources = try Self.exampleSources().map(Self.normalized)
        var checked = 0
        for article in articles.sorted() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
            for block in Self.swiftBlocks(in: text) {
                // Paragraphs (separated by blank lines) may sit apart in the test: declarations at
                // file scope, statements inside a test function.
                for paragraph in block.components(separatedBy: "\n\n") {
                    let lines = Self.normalized(paragraph)
                    guard !lines.isEmpty else { continue }
                    let found = sources.contains { source in
                        guard lines.count <= source.count else { return false }
                        return (0...(source.count - lines.count)).contains { Array(source[$0..<$0 + lines.count]) == lines }
                    }
                    #expect(found, "\(article): this example is not compiled by any Docs*Examples.swift test:\n\(paragraph)")
                }
                checked += 1
            }
        }
        #expect(checked >= 8)
    }
}
