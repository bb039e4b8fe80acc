import CardDAVFixtures
import Foundation
import GRDB
import Testing

/// `pure carddav sync`, end to end, against a real Radicale: the password from the environment
/// or a file, never an argument, and never printed or logged.
@Suite("pure carddav", .serialized, .timeLimit(.minutes(10)))
struct CardDAVCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-carddav-\(UUID().uuidString)")
    var database: String { folder.appendingPathComponent("persons.sqlite").path }

    @Test("a person added here reaches the address book; the password comes from the environment or a file")
    func syncs() async throws {
        let server = try await CardDAVServer.start(.radicale)
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let runner = CommandRunner(databasePath: database, environment: ["PURE_CARDDAV_PASSWORD": "secret"])
        #expect(try await runner.run(["add", "--name", "Ada Park", "--age", "36", "--region", "KR"]).status == 0)
        let book = ["--carddav", server.address, "--carddav-user", "ada"]
        let first = try await runner.run(["carddav", "sync"] + book)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Sent 1 change; received 0.\n")

        let file = folder.appendingPathComponent("password")
        #expect(
            FileManager.default.createFile(
                atPath: file.path, contents: Data("secret\n".utf8), attributes: [.posixPermissions: 0o600]))
        let fromFile = CommandRunner(databasePath: database)
        let again = try await fromFile.run(["carddav", "sync", "--carddav-password-file", file.path] + book)
        #expect(again.output == "Sent 0 changes; received 0.\n", "\(again.errors)")

        let wrong = CommandRunner(databasePath: database, environment: ["PURE_CARDDAV_PASSWORD": "wrong-one"])
        let refused = try await wrong.run(["carddav", "sync"] + book)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("The address book's server did not accept the user name or password."))
        let log = try String(contentsOf: folder.appendingPathComponent("pure.log"), encoding: .utf8)
        for output in [first.output, first.errors, refused.output, refused.errors, log] {
            #expect(!output.contains("secret") && !output.contains("wrong-one"))
        }
    }

    @Test(
        "an emptied book asks; --accept-deletions deletes them here, pure deleted lists them, pure restore brings one back"
    )
    func emptiedBook() async throws {
        let server = try await CardDAVServer.start(.xandikos)
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let runner = CommandRunner(databasePath: database)
        for name in ["Ada Park", "Bo Kim", "Cy Lee"] {
            #expect(try await runner.run(["add", "--name", name, "--age", "36", "--region", "KR"]).status == 0)
        }
        let book = ["--carddav", server.address]
        #expect(try await runner.run(["carddav", "sync"] + book).output == "Sent 3 changes; received 0.\n")
        try await server.deleteAddressBook()
        try await server.makeAddressBook()
        let held = try await runner.run(["carddav", "sync"] + book)
        #expect(held.status == 1)
        #expect(
            held.errors.contains(
                "The address book no longer has 3 of the 3 people linked with it: nobody was deleted here."))
        #expect(try await runner.run(["list"]).output.contains("3 people"), "everyone is still here")
        let status = try await runner.run(["carddav", "status"])
        #expect(
            status.output.contains("Deleted there, held back: run pure carddav sync --accept-deletions or --put-back:"))
        #expect(status.output.contains("  Bo Kim ("), "\(status.output)")
        #expect(
            status.output.contains(" UTC failed: The address book no longer has 3 of the 3 people"),
            "how the last exchange ended, kept for a command run later: \(status.output)")
        let both = try await runner.run(["carddav", "sync", "--accept-deletions", "--put-back"] + book)
        #expect(both.status != 0 && both.errors.contains("Give --accept-deletions or --put-back, not both."))
        let accepted = try await runner.run(["carddav", "sync", "--accept-deletions"] + book)
        #expect(
            accepted.output
                == "Deleted 3 people here too; they can be brought back for 30 days.\nSent 0 changes; received 0.\n",
            "\(accepted.errors)")
        let deleted = try await runner.run(["deleted"])
        #expect(
            deleted.output.split(separator: "\n").count == 3 && deleted.output.contains("deleted in the address book"))
        let id = try #require(
            deleted.output.split(separator: "\n").first { $0.contains("Bo Kim") }?.split(separator: " ").first)
        let restored = try await runner.run(["restore", String(id)])
        #expect(restored.output == "Brought back Bo Kim (\(id)).\n", "\(restored.errors)")
        #expect(try await runner.run(["carddav", "sync"] + book).output == "Sent 1 change; received 0.\n")
        let gone = try await runner.run(["restore", String(id)])
        #expect(gone.status == 1 && gone.errors.contains("Nobody deleted in the last 30 days has the id \(id)."))
    }

    @Test("what the address book needs is asked for, and a bad address refused, with a message")
    func refusals() async throws {
        let runner = CommandRunner(databasePath: database)
        let cases: [([String], String)] = [
            (["carddav", "sync"], "Give the address book's URL with --carddav."),
            (
                ["carddav", "sync", "--carddav-user", "ada"],
                "--carddav-user and --carddav-password-file need --carddav"
            ),
            (["serve", "--carddav-user", "ada"], "--carddav-user and --carddav-password-file need --carddav"),
            (
                ["carddav", "sync", "--carddav", "ftp://example.com/book/"],
                "The URL is invalid: ftp://example.com/book/"
            ),
            (
                [
                    "carddav", "sync", "--carddav", "http://127.0.0.1:1/book/", "--carddav-password-file",
                    "/no/such/file",
                ],
                "Cannot read the password file /no/such/file: No such file or directory."
            ),
            (["serve", "--carddav-every", "1"], "--carddav-every must be between 5 and 86400 seconds"),
            (["serve", "--carddav-watch-every", "61"], "--carddav-watch-every must be between 0 and 60 seconds"),
            (["serve", "--carddav-watch-every=-1"], "--carddav-watch-every must be between 0 and 60 seconds"),
            (
                ["carddav", "sync", "--carddav", "http://127.0.0.1:1/b/", "--carddav-most-deleted-percent", "101"],
                "--carddav-most-deleted-percent needs a percentage from 0 to 100."
            ),
        ]
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, message) in cases {
            let outcome = try await runner.run(arguments)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
        }
    }

    @Test(
        "a password file is refused at once, saying why, unless it is a regular file only its owner can read, holding a password of at most 4,096 bytes"
    )
    func passwordFiles() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ contents: Data, mode: Int = 0o600) -> String {
            let path = folder.appendingPathComponent(name).path
            #expect(
                FileManager.default.createFile(atPath: path, contents: contents, attributes: [.posixPermissions: mode]))
            return path
        }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(path: String, message: String)] = [
            (fifo, "The password file \(fifo) is not a regular file"),
            (folder.path, "The password file \(folder.path) is not a regular file"),
            (
                file("long", Data(repeating: UInt8(ascii: "x"), count: 10 << 20)),
                "is longer than 4096 bytes: it is not used, nor cut."
            ),
            (
                file("shared", Data("secret\n".utf8), mode: 0o666),
                "can be read by other users: make it yours alone with chmod 600"
            ),
            (file("group", Data("secret\n".utf8), mode: 0o640), "can be read by other users"),
            (file("empty", Data()), "is empty: its first line is the password."),
            (file("blank-first-line", Data("\nsecret\n".utf8)), "is empty: its first line is the password."),
        ]
        let runner = CommandRunner(databasePath: database)
        for (path, message) in cases {
            let outcome = try await runner.run(
                ["carddav", "sync", "--carddav", "http://127.0.0.1:1/b/", "--carddav-password-file", path])
            #expect(outcome.status != 0, "\(path)")
            #expect(outcome.errors.contains(message), "\(path): \(outcome.errors)")
        }
        let longest = file("longest", Data(repeating: UInt8(ascii: "y"), count: 4_096) + Data("\n".utf8))
        let unreachable = try await runner.run(
            ["carddav", "sync", "--carddav", "http://127.0.0.1:1/b/", "--carddav-password-file", longest])
        #expect(!unreachable.errors.contains("password"), "4,096 bytes is a password: \(unreachable.errors)")
    }

    @Test(
        "pure carddav status names each choice waiting with the command that makes it, and pure carddav choose makes it"
    )
    func choices() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = CommandRunner(databasePath: database)
        let added = try await runner.run(["add", "--name", "Ada Park", "--email", "ada@home.example"])
        let id = String(
            try #require(added.output.split(separator: "\n").first { $0.hasPrefix("ID") }?.split(separator: " ").last))
        // A merge with the address book kept the other client's email for the user to choose.
        try await DatabaseQueue(path: database).write { db in
            try db.execute(sql: "INSERT INTO address_book (key, value) VALUES ('collection', 'http://127.0.0.1:1/b/')")
            try db.execute(
                sql: "INSERT INTO card (id, href, etag, text) VALUES (?, '/b/ada.vcf', '\"1\"', 'BEGIN:VCARD')",
                arguments: [id])
            try db.execute(
                sql: "INSERT INTO person_conflict (id, field, there) VALUES (?, 'email', 'ada@work.example')",
                arguments: [id])
        }
        let command = "pure carddav choose \(id) email here|there"
        let status = try await runner.run(["carddav", "status"])
        #expect(status.output.contains("    Email: \(command)"), "\(status.output)")
        #expect(try await runner.run(["show", id]).output.contains(command))
        let wrong = try await runner.run(["carddav", "choose", id, "pager", "there"])
        #expect(wrong.status != 0 && wrong.errors.contains("pager"), "\(wrong.errors)")
        let chosen = try await runner.run(["carddav", "choose", id, "email", "there"])
        #expect(chosen.status == 0, "\(chosen.errors)")
        #expect(chosen.output.contains("ada@work.example"))
        #expect(!(try await runner.run(["carddav", "status"]).output.contains("choose")))
    }
}
