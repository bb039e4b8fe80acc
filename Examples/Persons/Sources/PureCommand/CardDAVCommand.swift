import ArgumentParser
import Persons
import PersonsVessel

/// `pure carddav`: the address book the people are kept in step with.
struct CardDAVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carddav", abstract: "Keep the people in step with a CardDAV address book.",
        subcommands: [Books.self, Sync.self, Status.self, Choose.self])

    /// `pure carddav books --server URL --carddav-user U`: the account's address books.
    struct Books: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the address books of an account, found from its server's address.",
            discussion: """
                Follows the server's /.well-known/carddav, then the user's principal and where its address \
                books are, as contacts apps do; an address on another host of the same provider (iCloud's \
                partitions) is followed, and said. Link one with --carddav URL, or give pure serve the \
                server's address and choose on its home page. The password comes from \
                $PURE_CARDDAV_PASSWORD or --carddav-password-file.
                """)

        @OptionGroup var options: CommonOptions

        @Option(help: ArgumentHelp("The server's address, such as https://contacts.example.com.", valueName: "url"))
        var server: String

        @Option(name: .customLong("carddav-user"), help: ArgumentHelp("The account's user name.", valueName: "name"))
        var user: String?

        @Option(
            name: .customLong("carddav-password-file"),
            help: ArgumentHelp(
                "A file holding the password (its first line); default: $PURE_CARDDAV_PASSWORD.", valueName: "path"))
        var passwordFile: String?

        func run() async throws {
            let settings = VesselConfiguration.AddressBookSettings(
                address: server, user: user, password: try CardDAVOptions.password(file: passwordFile))
            let configuration = VesselConfiguration(databasePath: options.databasePath, addressBook: settings)
            let found = try await options.inVessel(configuration) { (vessel) throws(Fizzle) in
                try await vessel.findAddressBooksAction()
            }
            for line in Self.lines(found, server: server) { Terminal.print(line) }
        }

        /// What was found, a book a line: its name, its address (what --carddav takes), its cards.
        static func lines(_ found: FoundAddressBooks, server: String) -> [String] {
            let books = found.books
            let head =
                books.isEmpty
                ? "No address book was found on \(server)."
                : "\(books.count) address \(books.count == 1 ? "book" : "books") on \(server):"
            return found.notes + [head]
                + books.map { book in
                    "  \(book.name ?? "(no name)")  \(book.address)  "
                        + "\(book.cards) \(book.cards == 1 ? "card" : "cards")"
                }
                + (books.isEmpty
                    ? []
                    : [
                        "Link one with --carddav URL: pure serve, or pure carddav sync; "
                            + "pure serve --carddav \(server) offers them on its home page."
                    ])
        }
    }

    /// `pure carddav sync --carddav URL`: one exchange, both ways.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Receive the changes made in the address book, then send the changes made here.",
            discussion: """
                The first sync with an address book checks that it is one, then merges both sides by the \
                card's UID; the people are linked with it once that has gone through. A pull that would \
                delete too many people here (see --carddav-most-deletions) deletes nobody and asks: run \
                again with --accept-deletions to delete them here too (they are kept 30 days, see pure \
                deleted), or with --put-back to send them back. The password comes from \
                $PURE_CARDDAV_PASSWORD or --carddav-password-file, never from an argument.
                """)

        @OptionGroup var options: CommonOptions
        @OptionGroup var carddav: CardDAVOptions

        @Flag(name: .long, help: "Delete here too the people the last pull found deleted there, and held back.")
        var acceptDeletions = false

        @Flag(name: .long, help: "Send back to the address book the people the last pull found deleted there.")
        var putBack = false

        func validate() throws {
            guard carddav.address != nil else { throw ValidationError("Give the address book's URL with --carddav.") }
            if acceptDeletions, putBack { throw ValidationError("Give --accept-deletions or --put-back, not both.") }
        }

        func run() async throws {
            options.startLogging()
            let settings = try carddav.settings()
            let choice: Bool? = acceptDeletions ? true : putBack ? false : nil
            let lines = try await reporting(options) { () throws(Fizzle) -> [String] in
                let configuration = VesselConfiguration(databasePath: options.databasePath, addressBook: settings)
                return try await options.withVessel(configuration) { (vessel) throws(Fizzle) in
                    var lines: [String] = []
                    if let accept = choice { lines.append(try await vessel.settleDeletionsAction(accept)) }
                    lines.append(try await vessel.syncAddressBookAction())
                    return lines
                }
            }
            for line in lines { Terminal.print(line) }
        }
    }

    /// `pure carddav status`: what the exchange keeps waiting.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the address book linked, its last exchange, what waits to go out, and who waits for you.")

        @OptionGroup var options: CommonOptions

        func run() async throws {
            let status = try await options.inVessel { (vessel) throws(Fizzle) in vessel.appState.value.sys.book }
            for line in Self.lines(status) { Terminal.print(line) }
        }

        /// The status in lines, as the home page says it.
        static func lines(_ status: AddressBookStatus) -> [String] {
            let last = status.lastExchange.map(\.summary)
            guard let collection = status.collection else {
                return ["No address book is linked."] + [last].compactMap { $0 }
            }
            var lines = [
                "Linked with \(collection).",
                status.waiting == 0
                    ? "Nothing waits to go out."
                    : "\(status.waiting) \(status.waiting == 1 ? "person's change waits" : "people's changes wait") to go out.",
            ]
            if let last { lines.insert(last, at: 1) }
            func section(_ title: String, _ entries: [AddressBookStatus.Entry]) {
                guard !entries.isEmpty else { return }
                lines.append(title)
                for entry in entries {
                    lines.append("  \(entry.name) (\(entry.id))" + (entry.detail.map { ": \($0)" } ?? ""))
                }
            }
            section("Set aside, tried again at each exchange (the address book refused their cards):", status.setAside)
            section("With two cards or more there, left alone until one is deleted:", status.duplicates)
            section(
                "Deleted there, held back: run pure carddav sync --accept-deletions or --put-back:", status.held)
            if status.deletedLately > 0 {
                lines.append(
                    "The address book deleted \(status.deletedLately) \(status.deletedLately == 1 ? "person" : "people") "
                        + "here lately (pure deleted lists them; pure restore ID brings one back).")
            }
            section("Not read from the address book, until they change there:", status.unread)
            if !status.choices.isEmpty {
                lines.append("Changed both here and there, waiting for your choice (or on the person's page):")
                for choice in status.choices {
                    lines.append("  \(choice.name) (\(choice.id)):")
                    for field in choice.fields {
                        lines.append(
                            "    \(field.label): pure carddav choose \(Choose.quoted(choice.id)) \(field.rawValue) here|there"
                        )
                    }
                }
            }
            return lines
        }
    }

    /// `pure carddav choose ID FIELD here|there`: ends a choice between two values of a field.
    struct Choose: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Choose between this app's value and the address book's, for a field changed on both sides.",
            discussion: """
                pure carddav status lists the choices waiting. "here" keeps this app's value, which the address \
                book has already; "there" takes the address book's value, saved as an edit here, which goes back \
                to it at the next exchange.
                """)

        @OptionGroup var options: CommonOptions
        @OptionGroup var person: PersonIDArgument

        @Argument(help: ArgumentHelp("The field, as pure carddav status names it.", valueName: "field"))
        var field: PersonField

        @Argument(
            help: ArgumentHelp("here (keep this app's value) or there (take the address book's).", valueName: "side"))
        var side: PersonConflict.Choice

        func run() async throws {
            try await options.printingPerson { (vessel) throws(Fizzle) in
                try await vessel.resolveConflictAction(self.person.value, field, side)
            }
        }

        /// `id` as a shell word: as it is when it is one, else in single quotes.
        static func quoted(_ id: String) -> String {
            let plain = id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }
            return plain && !id.isEmpty ? id : "'" + id.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}

extension PersonField: ExpressibleByArgument {}
extension PersonConflict.Choice: ExpressibleByArgument {}
