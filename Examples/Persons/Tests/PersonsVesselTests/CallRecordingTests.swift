import Persons
import PersonsReplay
import PersonsTestSupport
import PersonsWorker
import Pure
import PureReplay
import Testing

@testable import PersonsVessel

@Suite("Recorded calls")
struct CallRecordingTests {
    @Test("each use case a screen calls is recorded by its name with its arguments; the photo read is not")
    func everyUseCaseIsRecorded() async throws {
        let journal = Journal<Roger>()
        let people = Samples.people
        let vessel = Vessel(
            db: try await PersonDBWorker.inMemory(holding: people), photos: RecordingPhotos(),
            web: { RecordingWeb(people: people) },
            journal: journal)
        try await vessel.applyRegionAction(false)
        try await vessel.applyUsernameAction(false)
        _ = try await vessel.loadPersonAction(people[0].id)
        _ = try await vessel.syncPersonsAction(10)
        vessel.requestSyncAction(5)
        _ = try await vessel.moveHereAction(true, true)
        _ = await vessel.openListAction(ListCriteria(search: "ad", filters: [.region: "KR"], position: .from("M")))
        _ = await vessel.loadPhotoAction("none")
        #expect(
            journal.calls.map(\.source) == [
                "applyRegionAction(false)", "applyUsernameAction(false)",
                "loadPersonAction(\(people[0].id.recordedSource))",
                "syncPersonsAction(10)", "requestSyncAction(5)", "moveHereAction(true, true)",
                #"openListAction(ListCriteria(search: "ad", filters: [.region: "KR"], position: .from("M")))"#,
            ])
        #expect(journal.calls.allSatisfy { $0.outcome != .running })
        // Every use case recorded is declared, and writes each call as it was made, from the
        // values of its arguments alone.
        let declared = Dictionary(Journaled.useCases.map { ($0.name, $0) }) { first, _ in first }
        for call in journal.calls {
            let useCase = try #require(
                declared[call.useCase], "\(call.useCase) is recorded but not in Journaled.useCases")
            let sources = try useCase.sources(of: call.arguments.map(\.json))
            #expect("\(call.useCase)(\(sources.joined(separator: ", ")))" == call.source)
        }
    }

    @Test("a list's reads are marked with the call that asked for them: its opening, then a switch")
    func listReadsBelongToTheirCall() async throws {
        let journal = Journal<Roger>()
        let vessel = Vessel(
            db: try await PersonDBWorker.inMemory(holding: Samples.people), photos: RecordingPhotos(),
            web: { RecordingWeb() },
            journal: journal)
        let list = await vessel.openListAction(ListCriteria())
        try await vessel.applyRegionAction(false)
        let useCases = journal.entries.map { "\($0.call.map(String.init) ?? "none") \($0.useCase)" }
        // The opening reads the list, then the counts its search form offers.
        #expect(
            useCases == [
                "1 OpenListAction", "1 ReadListsQuery", "1 ReadListsQuery", "2 ApplyRegionAction", "2 ReadListsQuery",
            ])
        withExtendedLifetime(list) {}
    }
}
