import ArgumentParser
import Foundation
import Persons
import PersonsVessel

/// The address book the people are kept in step with: its address and user as options, its
/// password from `PURE_CARDDAV_PASSWORD` or a file, never from an argument (a process's
/// arguments are visible to every user of the machine).
struct CardDAVOptions: ParsableArguments {
    @Option(
        name: .customLong("carddav"),
        help: ArgumentHelp("The address book's URL (a CardDAV collection).", valueName: "url"))
    var address: String?

    @Option(name: .customLong("carddav-user"), help: ArgumentHelp("The address book's user name.", valueName: "name"))
    var user: String?

    @Option(
        name: .customLong("carddav-most-deletions"),
        help: ArgumentHelp(
            "The most people one pull deletes here without asking (default 25); every linked person always asks.",
            valueName: "count"))
    var mostDeletions = DeletionGuard().mostPeople

    @Option(
        name: .customLong("carddav-most-deleted-percent"),
        help: ArgumentHelp(
            "The largest share of the linked people, in percent, one pull deletes here without asking (default 50).",
            valueName: "percent"))
    var mostDeletedPercent = DeletionGuard().mostPercent

    @Option(
        name: .customLong("carddav-password-file"),
        help: ArgumentHelp(
            "A file holding the address book's password (its first line); default: $PURE_CARDDAV_PASSWORD.",
            valueName: "path"))
    var passwordFile: String?

    /// The settings the options give, with the password read; `nil` without `--carddav`.
    func settings() throws -> VesselConfiguration.AddressBookSettings? {
        guard let address else { return nil }
        return VesselConfiguration.AddressBookSettings(
            address: address, user: user, password: try Self.password(file: passwordFile),
            deletions: DeletionGuard(mostPeople: mostDeletions, mostPercent: mostDeletedPercent))
    }

    /// The password: the first line of the file `passwordFile` (see ``PasswordFile``), else
    /// `PURE_CARDDAV_PASSWORD`, else none.
    static func password(file passwordFile: String?) throws -> String? {
        guard let passwordFile else {
            return ProcessInfo.processInfo.environment["PURE_CARDDAV_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        }
        return try PasswordFile.read(passwordFile)
    }

    func validate() throws {
        if address == nil, user != nil || passwordFile != nil {
            throw ValidationError("--carddav-user and --carddav-password-file need --carddav, the address book's URL.")
        }
        guard mostDeletions >= 0 else { throw ValidationError("--carddav-most-deletions needs a count of 0 or more.") }
        guard (0...100).contains(mostDeletedPercent) else {
            throw ValidationError("--carddav-most-deleted-percent needs a percentage from 0 to 100.")
        }
    }
}
