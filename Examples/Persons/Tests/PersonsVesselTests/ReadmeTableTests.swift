import Foundation
import Testing

/// The README's "Adding a feature" names the files a feature touches and shows the code of one to
/// copy: each file must exist, each block of code be the app's, and each name in backquotes be
/// in the app's code, so that the section is a map a new user can follow, not one that was true
/// once.
@Suite("The README's map of a feature")
struct ReadmeTableTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of the README's "Adding a feature", up to the next heading of its level.
    static func section() throws -> String {
        let readme = try String(
            contentsOf: app.appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
        let start = try #require(readme.range(of: "### Adding a feature\n"))
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
    }

    /// The app's Swift files, sources and tests, each with every line's indentation taken off.
    static func code() throws -> [String] {
        let files = try #require(FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil))
        return try files.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") }
            .map { try unindented(String(contentsOf: $0, encoding: .utf8)) }
    }

    static func unindented(_ text: some StringProtocol) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    @Test("each block of Swift the section shows is the app's code, a paragraph of it in one file")
    func everyBlockIsTheAppsCode() throws {
        let blocks = try Self.section().components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count >= 2, "the section shows no code to copy")
        let code = try Self.code()
        for block in blocks {
            for paragraph in block.components(separatedBy: "\n\n") where !paragraph.isEmpty {
                let lines = Self.unindented(paragraph.trimmingCharacters(in: .newlines))
                #expect(code.contains { $0.contains(lines) }, "README shows code that is not the app's:\n\(lines)")
            }
        }
    }

    @Test("each name the section writes in backquotes is in the app's code")
    func everyNameIsInTheCode() throws {
        // The text around the blocks of code: each block ends at the line that opens with ```.
        let pieces = try Self.section().components(separatedBy: "```swift\n")
        let after = pieces.dropFirst().map { $0.components(separatedBy: "\n```").dropFirst().joined() }
        let text = pieces[0] + after.joined()
        let code = try Self.code().joined(separator: "\n")
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let names = spans.filter {
            !$0.hasSuffix(".swift") && !$0.hasSuffix("/") && !$0.hasPrefix("pure ") && !$0.hasPrefix("--")
        }
        #expect(names.count >= 20, "the section names too little code to be the map: \(names)")
        for name in names {
            // A call written with its arguments left out (`applySwitch(.isUsername, ...)`) or its
            // labels (`Harness.ran(asIf:)`) is looked for by its name, as called.
            let called = name.split(separator: "(").first.map { ($0.split(separator: ".").last ?? $0) + "(" }
            #expect(
                code.contains(name) || (name.contains("(") && called.map(code.contains) == true),
                "README names `\(name)`, which is not in the app's code")
        }
    }

    @Test("every file and folder the section names exists in the app")
    func everyNamedFileExists() throws {
        let section = try Self.section()
        var named: [String] = []
        for line in section.split(separator: "\n") {
            var folder = ""
            for (index, piece) in line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where index % 2 == 1 && (piece.hasSuffix(".swift") || piece.hasSuffix("/")) {
                let path = piece.contains("/") ? String(piece) : folder + piece
                folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
                named.append(path)
            }
        }
        #expect(named.count >= 12, "the section names too few files to be the map: \(named)")
        for path in named {
            let places = [path, "Sources/" + path].map { Self.app.appendingPathComponent($0).path }
            #expect(
                places.contains { FileManager.default.fileExists(atPath: $0) },
                "README names \(path), which is not there")
        }
    }
}
