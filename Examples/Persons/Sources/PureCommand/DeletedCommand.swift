import ArgumentParser
import Foundation
import Persons
import PersonsVessel

/// `pure deleted`: the people deleted lately, which `pure restore` brings back.
struct DeletedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deleted", abstract: "List the people deleted in the last 30 days.",
        discussion: """
            People deleted here, or by a pull of the address book, are kept 30 days: pure restore ID \
            brings one back (and sends them to a linked address book again).
            """)

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let deleted = try await options.inVessel { (vessel) throws(Fizzle) in try await vessel.loadDeletedAction() }
        guard !deleted.isEmpty else { return Terminal.print("Nobody was deleted in the last 30 days.") }
        for gone in deleted { Terminal.print(Self.line(gone)) }
    }

    /// One deleted person in a line: id, name, when and by whom.
    static func line(_ gone: DeletedPerson) -> String {
        let when = Date(timeIntervalSince1970: TimeInterval(gone.at)).formatted(.iso8601.year().month().day())
        let by = gone.by == .here ? "here" : "in the address book"
        return "\(gone.person.id)  \(gone.person.name)  deleted \(by) on \(when)"
    }
}
