import Foundation
import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

/// What the web worker makes of records and error bodies no well-behaved server sends.
@Suite("Mapping the directory's records")
struct RecordMappingTests {
    /// The batches of a page of `records` records that the API answers with `json`.
    func download(_ json: String, records: Int) async throws -> [PersonBatch] {
        let worker = try PersonWebWorker(address: "http://127.0.0.1:9/", transport: PayloadTransport(Data(json.utf8)))
        let plan = SyncPlan(source: worker.source, count: records, seed: "test", pageSize: records)
        var batches: [PersonBatch] = []
        for try await batch in worker.downloadPage(1, of: plan, waiting: { _ in }) { batches.append(batch) }
        return batches
    }

    @Test("ids with control characters or too long are skipped as invalid, not cut or merged")
    func invalidIDs() async throws {
        let long = String(repeating: "x", count: 129)
        let json =
            #"{"results":[{"login":{"uuid":"a\u0000b"}},{"login":{"uuid":"a"}},"#
            + #"{"login":{"uuid":"esc\u001b[2J"}},{"login":{"uuid":"\#(long)"}},{"login":{"uuid":"  "}},42]}"#
        let batches = try await download(json, records: 6)
        #expect(batches.flatMap(\.people).map(\.id) == ["a"])
        var skipped = SkippedRecords()
        skipped.add(.invalidID, count: 3)
        skipped.add(.missingID)
        skipped.add(.unreadable)
        #expect(batches.reduce(into: SkippedRecords()) { $0.add($1.skipped) } == skipped)
    }

    @Test("control characters in names, usernames, emails and phones become spaces")
    func controlCharacters() async throws {
        let json =
            #"{"results":[{"login":{"uuid":"u1","username":"ann\u0000\u001b[2J"},"#
            + #""name":{"first":"Ann\u0000","last":"\u0085Ann\u007f Lee"},"#
            + #""email":"a\u0007@example.com","cell":"010\r\n1234"}]}"#
        let person = try #require(try await download(json, records: 1).first?.people.first)
        #expect(person.name == "Ann Ann  Lee")
        #expect(person.username == "ann  [2J")
        #expect(person.email == "a @example.com")
        #expect(person.cellphone == "010  1234")
    }

    @Test("a record with one odd field is kept, the field empty")
    func oddFieldKept() async throws {
        let json =
            #"{"results":[{"login":{"uuid":"u1","username":7},"name":{"first":"Ada","last":1},"#
            + #""phone":42,"dob":{"age":"30"},"nat":"kr"}]}"#
        let person = try #require(try await download(json, records: 1).first?.people.first)
        #expect(person.id == "u1")
        #expect(person.name == "Ada")
        #expect(person.username == "")
        #expect(person.cellphone == nil)
        #expect(person.age == 30)
        #expect(person.country == "KR")
    }

    @Test(
        "an error body's reason is told, shortened; an empty one says so",
        arguments: [
            ("", "Our server reported a problem without saying what."),
            ("   ", "Our server reported a problem without saying what."),
            (
                String(repeating: "y", count: 100_000),
                "Our server reported a problem: " + String(repeating: "y", count: 200) + "…"
            ),
        ])
    func errorBodies(reason: String, message: String) async throws {
        let body = try JSONEncoder().encode(["error": reason])
        let worker = try PersonWebWorker(address: "http://127.0.0.1:9/", transport: PayloadTransport(body))
        do {
            _ = try await worker.fetchPersons(count: 5)
            Issue.record("an error body must fail the download")
        } catch {
            #expect(error.message == message)
        }
    }
}
