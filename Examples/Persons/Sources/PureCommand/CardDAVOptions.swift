import ArgumentParser
import Foundation
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
        name: .customLong("carddav-password-file"),
        help: ArgumentHelp(
            "A file holding the address book's password (its first line); default: $PURE_CARDDAV_PASSWORD.",
            valueName: "path"))
    var passwordFile: String?

    /// The settings the options give, with the password read; `nil` without `--carddav`.
    func settings() throws -> VesselConfiguration.AddressBookSettings? {
        guard let address else { return nil }
        return VesselConfiguration.AddressBookSettings(address: address, user: user, password: try password())
    }

    /// The password: the file's first line, else `PURE_CARDDAV_PASSWORD`, else none.
    private func password() throws -> String? {
        guard let passwordFile else {
            return ProcessInfo.processInfo.environment["PURE_CARDDAV_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let handle = FileHandle(forReadingAtPath: passwordFile), let data = try? handle.read(upToCount: 4_096)
        else { throw ValidationError("Cannot read the password file \(passwordFile).") }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        guard let line, !line.isEmpty else { throw ValidationError("The password file \(passwordFile) is empty.") }
        return line
    }

    func validate() throws {
        if address == nil, user != nil || passwordFile != nil {
            throw ValidationError("--carddav-user and --carddav-password-file need --carddav, the address book's URL.")
        }
    }
}
