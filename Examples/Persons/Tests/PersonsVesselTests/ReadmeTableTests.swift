import Foundation
import Testing

/// The README's "Adding a feature" names the files a feature touches: each must exist, so that the
/// table is a map a new user can follow, not one that was true once.
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
