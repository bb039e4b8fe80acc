import Foundation
import Persons
import PersonsVessel
import RandomUserFixtures
import Testing

/// The built `pure` binary, end to end, against the randomuser-compatible test server.
/// Serialized: each test starts `pure` processes, and many at once would starve the other
/// suites of the machine's two cores.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("The pure command", .serialized, .timeLimit(.minutes(10)))
final class PureCommandTests: Sendable {
    /// The test's database folder, which `pure` makes; removed when the test is done.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-command-\(UUID().uuidString)")
    var runner: CommandRunner { CommandRunner(databasePath: folder.appendingPathComponent("persons.sqlite").path) }
    let server = RandomUserServer()

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether `output`, as `pure show` prints a person, has the line of `label` with `value`.
    func shows(_ output: String, _ label: String, _ value: String) -> Bool {
        output.split(separator: "\n").contains { line in
            line.hasPrefix(label + " ") && line.dropFirst(label.count).drop { $0 == " " } == value[...]
        }
    }

    /// What a failure must never look like to a user.
    func expectNoCrash(_ outcome: CommandRunner.Outcome) {
        for sign in ["Fatal error", "Stack dump", "backtrace", "Thread 0", "PersonsGear."] {
            #expect(!outcome.errors.contains(sign), "\(outcome.errors)")
        }
    }

    @Test("sync, then list, search and show the synced people")
    func syncListShow() async throws {
        try await server.withRunning { base in
            let sync = try await runner.run(["sync", "--count", "25", "--api", base.absoluteString + "?seed=3"])
            #expect(sync.status == 0, "\(sync.errors)")
            #expect(sync.output.contains("Stored 25 people"))

            let list = try await runner.run(["list"])
            #expect(list.status == 0)
            #expect(list.output.hasPrefix("25 people"))
            let generator = RandomUserGenerator(options: .init(seed: 3))
            for index in 0..<25 {
                #expect(list.output.contains(generator.uuid(at: index)))
            }

            let id = generator.uuid(at: 4)
            let show = try await runner.run(["show", id])
            #expect(show.status == 0)
            #expect(shows(show.output, "ID", id))
            #expect(show.output.contains("\nRegion "))
            // Every value in one column, after the longest label.
            let columns = Set(
                show.output.split(separator: "\n").map { line in
                    line.prefix { $0 != " " }.count + line.drop { $0 != " " }.prefix { $0 == " " }.count
                })
            #expect(columns.count == 1, "\(show.output)")
        }
    }

    @Test("pure add, edit and delete change a person as the forms do, and refuse what a form refuses")
    func addEditDelete() async throws {
        let added = try await runner.run(["add", "--name", "Ada Park", "--age", "36", "--region", "kr"])
        #expect(added.status == 0, "\(added.errors)")
        #expect(shows(added.output, "Name", "Ada Park") && shows(added.output, "Region", "KR"))
        let id = try #require(
            added.output.split(separator: "\n").first { $0.hasPrefix("ID") }?.split(separator: " ").last)
        let edited = try await runner.run(["edit", String(id), "--email", "ada@example.org", "--nick", "adap"])
        #expect(edited.status == 0, "\(edited.errors)")
        let shown = try await runner.run(["show", String(id)])
        #expect(shows(shown.output, "Email", "ada@example.org") && shows(shown.output, "Nick", "adap"))
        #expect(shows(shown.output, "Name", "Ada Park"))

        let refusals: [([String], String)] = [
            (["edit", String(id), "--age", "200"], "Age: Give an age from 0 to 150, or leave it empty."),
            (["edit", String(id), "--name", "Ada\u{1B}[31m"], "Name: Leave out control characters"),
            (["edit", String(id)], "Give at least one field to change"),
            (["edit", "nobody", "--age", "3"], "There is no person with the id nobody."),
            (["add", "--age", "3"], "Name: Give a name."),
            (["delete", "nobody"], "There is no person with the id nobody."),
        ]
        for (arguments, message) in refusals {
            let outcome = try await runner.run(arguments)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
            #expect(!outcome.errors.contains("\u{1B}"), "\(arguments)")
            expectNoCrash(outcome)
        }
        #expect(try await runner.run(["show", String(id)]).output == shown.output)

        let deleted = try await runner.run(["delete", String(id)])
        #expect(deleted.output == "Deleted Ada Park (\(id)).\n")
        #expect(try await runner.run(["show", String(id)]).errors.contains("There is no person"))
    }

    @Test("a sync again keeps what was edited here, and does not bring back who was deleted here")
    func syncKeepsEdits() async throws {
        try await server.withRunning { base in
            let api = base.absoluteString + "?seed=7"
            #expect(try await runner.run(["sync", "--count", "10", "--api", api]).status == 0)
            let generator = RandomUserGenerator(options: .init(seed: 7))
            let (edited, deleted) = (generator.uuid(at: 2), generator.uuid(at: 3))
            #expect(try await runner.run(["edit", edited, "--email", "mine@example.org"]).status == 0)
            #expect(try await runner.run(["delete", deleted]).status == 0)
            let again = try await runner.run(["sync", "--count", "10", "--api", api])
            #expect(again.status == 0, "\(again.errors)")
            #expect(again.output.contains("1 deleted here"), "\(again.output)")
            #expect(shows(try await runner.run(["show", edited]).output, "Email", "mine@example.org"))
            #expect(try await runner.run(["show", deleted]).status != 0)
            #expect(try await runner.run(["list"]).output.hasPrefix("9 people"))
        }
    }

    @Test("pure list --order takes every declared order, and lists each as the app does")
    func everyOrder() async throws {
        try await server.withRunning { base in
            let sync = try await runner.run(["sync", "--count", "40", "--api", base.absoluteString + "?seed=5"])
            #expect(sync.status == 0, "\(sync.errors)")
            let vessel = try await Vessel.open(VesselConfiguration(databasePath: runner.databasePath))
            var listed: [[String]] = []
            for order in ListOrder.allCases {
                let hold = await vessel.openListAction(ListCriteria(order: order))
                let expected = vessel.appState.value.lists[hold.key]?.result.metas.map(\.id) ?? []
                let outcome = try await runner.run(["list", "--order", order.rawValue])
                #expect(outcome.status == 0, "\(order): \(outcome.errors)")
                let printed = outcome.output.split(separator: "\n").compactMap { $0.split(separator: " ").last }
                #expect(printed.map(String.init).filter(expected.contains) == expected, "\(order)")
                #expect(expected.count == 40, "\(order)")
                listed.append(expected)
            }
            #expect(Set(listed).count == ListOrder.allCases.count, "each order lists the people in its own order")
        }
    }

    @Test("a re-sync of the same people (a seed named) updates them and never duplicates them")
    func resync() async throws {
        try await server.withRunning { base in
            for _ in 0..<2 {
                let sync = try await runner.run(["sync", "--count", "10", "--api", base.absoluteString + "?seed=9"])
                #expect(sync.status == 0)
            }
            let list = try await runner.run(["list"])
            #expect(list.output.hasPrefix("10 people"))
        }
    }

    @Test("works offline on the bundled sample, with the database from PURE_DB")
    func offline() async throws {
        var runner = runner
        runner.environment["PURE_DB"] = runner.databasePath
        let sync = try await runner.run(["sync"], withDatabase: false)
        #expect(sync.status == 0, "\(sync.errors)")
        let list = try await runner.run(["list", "--page", "1"], withDatabase: false)
        #expect(list.output.hasPrefix("100 people"))
        // Each gender's list counts what it shows, and together they are everyone.
        var counted = 0
        for gender in ["female", "male", "unknown"] {
            let filtered = try await runner.run(
                ["list", "--filter", "gender=\(gender)", "--region", "us"], withDatabase: false)
            let count = Int(filtered.output.prefix { $0.isNumber }) ?? -1
            let rows = filtered.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
            #expect(filtered.status == 0 && count == rows.count, "\(filtered.output as String)")
            counted += count
        }
        let region = try await runner.run(["list", "--filter", "region=US"], withDatabase: false)
        #expect(region.output.hasPrefix("\(counted) "), "\(region.output)")
        // Each region with its count, the most people first: everyone once, the US as listed.
        let regions = try await runner.run(["list", "--count-by", "region"], withDatabase: false)
        let counts = regions.output.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(regions.status == 0 && counts.allSatisfy { $0.count == 2 }, "\(regions.output)")
        #expect(counts.compactMap { Int($0[1]) }.reduce(0, +) == 100)
        #expect(counts.first { $0[0] == "US" }.map { Int($0[1]) } == counted)
        #expect(counts.compactMap { Int($0[1]) } == counts.compactMap { Int($0[1]) }.sorted(by: >))
        let past = try await runner.run(["list", "--page", "2"], withDatabase: false)
        #expect(past.status == 1 && past.errors.contains("There is no page 2: the list has 1 page."))
    }

    @Test("the API comes from PURE_API when --api is not given")
    func apiFromEnvironment() async throws {
        try await server.withRunning { base in
            var runner = runner
            runner.environment["PURE_API"] = base.absoluteString
            let sync = try await runner.run(["sync", "--count", "7"])
            #expect(sync.output.contains("Stored 7 people"))
            #expect(server.requests == 1)
        }
    }

    @Test("an unknown id is a clear message and exit status 1")
    func unknownID() async throws {
        let outcome = try await runner.run(["show", "nobody"])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("There is no person with the id nobody."))
        expectNoCrash(outcome)
    }

    @Test("a failing API is a clear message and exit status 1; nothing stored is lost")
    func failingAPI() async throws {
        try await server.withRunning { base in
            _ = try await runner.run(["sync", "--count", "5", "--api", base.absoluteString])
            let outcome = try await runner.run([
                "sync", "--attempts", "1", "--api", base.absoluteString + "?status=500",
            ])
            #expect(outcome.status == 1)
            #expect(outcome.errors.contains("Cannot download data from our server."))
            expectNoCrash(outcome)
            let list = try await runner.run(["list"])
            #expect(list.output.hasPrefix("5 people"))
        }
    }

    @Test(
        "bad arguments are refused with a message and a usage line",
        arguments: [
            ["list", "--page", "0"], ["list", "--page", "10001"], ["list", "--region", "Korea"],
            ["list", "--filter", "gender=f"], ["list", "--filter", "age=3"], ["list", "--filter", "gender"],
            ["list", "--from", "\u{1B}[2J"], ["list", "--order", "shoe"], ["sync", "--count", "lots"],
            ["sync", "--count", "0"], ["sync", "--count", "1000001"], ["sync", "--attempts", "99"], ["show"], ["fly"],
            ["serve", "--inspector", "--host", "0.0.0.0"], ["list", "--count-by", "age"],
            ["list", "--count-by", "region", "--search", "ad"],
        ])
    func badArguments(arguments: [String]) async throws {
        let outcome = try await runner.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errors.contains("Error:"))
        #expect(outcome.errors.contains("Usage:") || outcome.errors.contains("See 'pure"))
        expectNoCrash(outcome)
    }

    @Test("--trace prints each change of the state and of a list on standard error: the use case, then what changed")
    func trace() async throws {
        let sync = try await runner.run(["sync", "--count", "5", "--trace"])
        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.errors.contains("#1 SyncPersonsAction, "))
        #expect(sync.errors.contains("  sys.sync: loading(permille: 1000) -> success(nil)"))
        let list = try await runner.run(["list", "--search", "A", "--trace"])
        // The list is a scene of the one state: its changes are entries of the one journal, their
        // paths naming it by its criteria.
        #expect(list.errors.contains(" OpenListAction, "))
        #expect(list.errors.contains(#"  lists["A"].scene.listed: nil -> PageRequest("#))
        let quiet = try await runner.run(["list"])
        #expect(quiet.errors.isEmpty)
    }

    @Test("an address that is not http(s) is refused")
    func invalidAPI() async throws {
        let outcome = try await runner.run(["sync", "--api", "ftp://example.com"])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("The URL is invalid: ftp://example.com"))
    }

    @Test("listing an empty database says how to fill it")
    func emptyList() async throws {
        let outcome = try await runner.run(["list"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("No people yet. Run `pure sync`."))
    }
}
