import Foundation
import PersonsReplay
import Testing

/// A use case is its own file under `PersonsVessel/Usecase/` and its property in `Serving`; the
/// rest follows from those or fails here by name: the journal's declaration (`Journaled`), which
/// an exported test and a replay call it by, and the recording its file opts into.
@Suite("Use cases, declared once")
struct UseCaseDeclarationTests {
    /// Use cases that change no state, so the journal has nothing to replay: a page asks for a
    /// photo per row it shows.
    static let unrecorded: Set<String> = ["loadPhotoAction"]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each `var nameAction: Type { get }` of `Serving`, in order.
    static func served() throws -> [String] {
        let text = try String(
            contentsOf: sources.appendingPathComponent("Persons/Service/Serving.swift"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "var", words[1].hasSuffix("Action:") else { return nil }
            return String(words[1].dropLast())
        }
    }

    @Test("every use case of Serving has its file, and is in Journaled unless it changes no state")
    func everyUseCaseIsDeclared() throws {
        let served = try Self.served()
        #expect(served.count >= 17, "Serving's use cases were not found: \(served)")
        let journaled = Set(Journaled.useCases.map(\.name))
        for name in served {
            let file = Self.sources.appendingPathComponent(
                "PersonsVessel/Usecase/\(name.prefix(1).uppercased() + name.dropFirst()).swift")
            let text = try? String(contentsOf: file, encoding: .utf8)
            #expect(text?.contains("public var \(name):") == true, "\(name) has no file \(file.lastPathComponent)")
            if Self.unrecorded.contains(name) {
                #expect(!journaled.contains(name), "\(name) changes no state: it need not be in Journaled")
            } else {
                #expect(journaled.contains(name), "\(name) is not in Journaled.useCases: its calls cannot be replayed")
                #expect(
                    text?.contains("storage.recording") == true,
                    "\(name)'s file does not record its calls (storage.recording)")
            }
        }
        for name in journaled where !served.contains(name) {
            Issue.record("Journaled.useCases names \(name), which Serving does not have")
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
