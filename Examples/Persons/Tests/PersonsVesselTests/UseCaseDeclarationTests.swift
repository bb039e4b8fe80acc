import Foundation
import PersonsReplay
import Testing

/// A use case is its own file under `PersonsVessel/Usecase/` and its line in `Serving`; the rest
/// follows from those or fails here by name: the journal's declaration (`Journaled.useCases`,
/// written from `Serving` at each build), which an exported test and a replay call it by, and the
/// recording its file opts into.
@Suite("Use cases, declared once")
struct UseCaseDeclarationTests {
    /// Use cases that change no state, so the journal has nothing to replay: a page asks for a
    /// photo per row it shows.
    static let unrecorded: Set<String> = ["loadPhotoAction"]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each `var nameAction: Type { get }` of `Serving`, in order, read as the plugin reads it.
    static func served() throws -> [String] {
        let text = try String(
            contentsOf: sources.appendingPathComponent("Persons/Service/Serving.swift"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "var", words[1].hasSuffix("Action:") else { return nil }
            return String(words[1].dropLast())
        }
    }

    @Test("every use case of Serving has its file, records its calls unless it changes no state, and is journaled")
    func everyUseCaseIsDeclared() throws {
        let served = try Self.served()
        #expect(served.count >= 17, "Serving's use cases were not found: \(served)")
        #expect(Journaled.useCases.map(\.name) == served, "the plugin wrote Journaled.useCases from another list")
        for name in served {
            let file = Self.sources.appendingPathComponent(
                "PersonsVessel/Usecase/\(name.prefix(1).uppercased() + name.dropFirst()).swift")
            let text = try? String(contentsOf: file, encoding: .utf8)
            #expect(text?.contains("public var \(name):") == true, "\(name) has no file \(file.lastPathComponent)")
            #expect(
                text?.contains("storage.recording") == !Self.unrecorded.contains(name),
                "\(name)'s file must record its calls (storage.recording) unless it changes no state")
        }
    }

    /// The queries, which read scenes as their work, and the exchanges' own scheduling: the only
    /// files under `Usecase/` that call what the write path does after a write.
    static let reading: Set<String> = [
        "ReadListsQuery.swift", "ReadPeopleQuery.swift", "StoredChangesQuery.swift", "OpenListAction.swift",
        "OpenPersonAction.swift", "RequestAddressBookSyncAction.swift",
    ]

    @Test("no use case reads a scene, ends a choice or asks for an exchange of its own: the one write path does")
    func writesGoThroughOnePath() throws {
        let folder = Self.sources.appendingPathComponent("PersonsVessel/Usecase")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 20, "the use cases were not found in \(folder.path)")
        let steps = [
            "readScenes(", "readLists(", "readPeople(", "readCounts(", "endChoices(", "exchangeSoon(",
            "requestExchange(",
        ]
        for file in files where !Self.reading.contains(file) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for step in steps where text.contains(step) {
                Issue.record(
                    "\(file) calls \(step) itself: say what the write touched in the `Touched` it gives `write(_:)` (Vessel+Write.swift)"
                )
            }
        }
    }
}
