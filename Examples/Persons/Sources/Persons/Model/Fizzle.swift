#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An error a user must see, with the message to show. The only errors that reach use cases:
/// workers log the developer's detail and throw one of these.
///
/// A struct around a private enum, so new cases never break a caller's `switch`.
///
/// ```swift
/// do {
///     _ = try await service.loadPersonAction(id)
/// } catch {
///     show(error.message)                      // "There is no person with the id 42."
/// }
/// ```
public struct Fizzle: Error, Equatable, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    private enum Kind: Hashable, Sendable {
        case unknown
        case noInternet
        case downloadFailed
        case timedOut(seconds: Int)
        case rejected(status: Int)
        case serverMessage(String)
        case unreadableDownload
        case unreadable
        case notFound(Person.ID)
        case saveFailed
        case switchNotSaved
        case diskFull
        case databaseBusy
        case nothingToStore(SkippedRecords)
        case storageUnavailable(String, StorageProblem)
        case databaseReplaced(String)
        case readOnlyDatabase(String)
        case invalidURL(String)
        case walkFail
        case notFly
        case syncUnderWay
        case shortPage(page: Int, got: Int, asked: Int)
        case rateLimited(attempts: Int)
        case unusablePhoto
        case invalidPerson(PersonProblems)
        case addressBook(String, command: String?)
        case cardChanged(Person.ID)
        case cardRefused(Person.ID, reason: String)
        case deletionsHeld(Int, of: Int)
        case noConflict(PersonField)
        case notAnAddressBook(String, isFolder: Bool)
        case notDeleted(Person.ID)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Something failed that the app did not expect.
    public static let unknown = Fizzle(.unknown)
    /// The directory could not be reached at all.
    public static let noInternet = Fizzle(.noInternet)
    /// The directory kept failing (server errors) after retries.
    public static let downloadFailed = Fizzle(.downloadFailed)
    /// The directory sent data that cannot be read (malformed, truncated, unexpected shape).
    public static let unreadableDownload = Fizzle(.unreadableDownload)
    /// The database could not be read.
    public static let unreadable = Fizzle(.unreadable)
    /// The people could not be written to the database; nothing was changed.
    public static let saveFailed = Fizzle(.saveFailed)
    /// A switch could not be written to the database; it keeps its old setting.
    public static let switchNotSaved = Fizzle(.switchNotSaved)
    /// The disk is full: nothing was changed.
    public static let diskFull = Fizzle(.diskFull)
    /// Another program (another sync) is writing to the database: nothing was changed.
    public static let databaseBusy = Fizzle(.databaseBusy)
    /// The demo action's first failure: no legs.
    public static let walkFail = Fizzle(.walkFail)
    /// The demo action's second failure: no wings.
    public static let notFly = Fizzle(.notFly)
    /// A sync was asked for while another one runs.
    public static let syncUnderWay = Fizzle(.syncUnderWay)
    /// A photo that is not an image, or is too large to keep.
    public static let unusablePhoto = Fizzle(.unusablePhoto)

    /// The directory refused the request with an HTTP client error.
    ///
    /// ```swift
    /// throw Fizzle.rejected(status: 404)
    /// ```
    public static func rejected(status: Int) -> Fizzle { Fizzle(.rejected(status: status)) }

    /// The directory did not answer within `seconds`.
    ///
    /// ```swift
    /// throw Fizzle.timedOut(seconds: 15)
    /// ```
    public static func timedOut(seconds: Int) -> Fizzle { Fizzle(.timedOut(seconds: seconds)) }

    /// The directory answered with an error of its own. The text is cut to ``reasonLimit``
    /// characters: it comes from outside.
    ///
    /// ```swift
    /// throw Fizzle.serverMessage("Uh oh, something has gone wrong.")
    /// ```
    public static func serverMessage(_ text: String) -> Fizzle {
        let reason = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        return Fizzle(.serverMessage(reason.count > reasonLimit ? reason.prefix(reasonLimit) + "…" : reason))
    }

    /// The most characters of a directory's own error text that a user is shown.
    public static let reasonLimit = 200

    /// The download held no person that could be stored; `skipped` says why.
    ///
    /// ```swift
    /// throw Fizzle.nothingToStore(report.skipped)
    /// ```
    public static func nothingToStore(_ skipped: SkippedRecords) -> Fizzle { Fizzle(.nothingToStore(skipped)) }

    /// No person has this id.
    ///
    /// ```swift
    /// throw Fizzle.notFound("42")
    /// ```
    public static func notFound(_ id: Person.ID) -> Fizzle { Fizzle(.notFound(id)) }

    /// The database file could not be opened or created, and why.
    ///
    /// ```swift
    /// throw Fizzle.storageUnavailable("/read-only/persons.sqlite", because: .readOnly)
    /// ```
    public static func storageUnavailable(_ path: String, because problem: StorageProblem) -> Fizzle {
        Fizzle(.storageUnavailable(path, problem))
    }

    /// The database file was deleted, moved or replaced while the app had it open: nothing more
    /// is read from or written to the old one.
    ///
    /// ```swift
    /// throw Fizzle.databaseReplaced("/data/persons.sqlite")
    /// ```
    public static func databaseReplaced(_ path: String) -> Fizzle { Fizzle(.databaseReplaced(path)) }

    /// The database file can be read but not written to (its permissions, or its folder's).
    ///
    /// ```swift
    /// throw Fizzle.readOnlyDatabase("/data/persons.sqlite")
    /// ```
    public static func readOnlyDatabase(_ path: String) -> Fizzle { Fizzle(.readOnlyDatabase(path)) }

    /// A directory address that is not a usable http(s) URL.
    ///
    /// ```swift
    /// throw Fizzle.invalidURL("ftp://example.com")
    /// ```
    public static func invalidURL(_ url: String) -> Fizzle { Fizzle(.invalidURL(url)) }

    /// Page `page` of a sync brought `got` people where it asked for `asked`: the page is not
    /// stored (the pages before it are), and the next sync asks for it again.
    ///
    /// ```swift
    /// Fizzle.shortPage(page: 2, got: 1, asked: 5_000).message
    /// ```
    public static func shortPage(page: Int, got: Int, asked: Int) -> Fizzle {
        Fizzle(.shortPage(page: page, got: got, asked: asked))
    }

    /// The directory kept answering that we asked too often (HTTP 429), `attempts` times.
    ///
    /// ```swift
    /// Fizzle.rateLimited(attempts: 4).message
    /// ```
    public static func rateLimited(attempts: Int) -> Fizzle { Fizzle(.rateLimited(attempts: attempts)) }

    /// A person as typed that cannot be saved: what is wrong with each field. Nothing was saved.
    ///
    /// ```swift
    /// throw Fizzle.invalidPerson(problems)
    /// ```
    public static func invalidPerson(_ problems: PersonProblems) -> Fizzle { Fizzle(.invalidPerson(problems)) }

    /// The address book refused or failed a request, in words for the user: the cause, with no
    /// address or flag in it (the worker logs the server's status and the address). What a
    /// command's user can do about it with the command's flags is `command`, said only by the
    /// command line (``commandHint``). Each is cut to ``reasonLimit`` × 2 characters.
    ///
    /// ```swift
    /// throw Fizzle.addressBook("The server did not accept the user name or password.")
    /// throw Fizzle.addressBook("No address book is linked.", command: "Give its address with --carddav.")
    /// ```
    public static func addressBook(_ text: String, command: String? = nil) -> Fizzle {
        let cut = { (text: String) in text.count > reasonLimit * 2 ? text.prefix(reasonLimit * 2) + "…" : text }
        return Fizzle(.addressBook(cut(text), command: command.map(cut)))
    }

    /// What a user of the command line can do about the failure with its flags, said after the
    /// ``message`` by the command line only: a page says the ``message`` alone.
    ///
    /// ```swift
    /// Fizzle.deletionsHeld(100, of: 100).commandHint   // "Run pure carddav sync --accept-deletions or --put-back."
    /// ```
    public var commandHint: String? {
        switch kind {
        case .addressBook(_, let command): command
        case .deletionsHeld: "Run pure carddav sync --accept-deletions or --put-back."
        default: nil
        }
    }

    /// The server's card of this person changed since the app last agreed it: nothing was
    /// written over it.
    ///
    /// ```swift
    /// throw Fizzle.cardChanged("p1")
    /// ```
    public static func cardChanged(_ id: Person.ID) -> Fizzle { Fizzle(.cardChanged(id)) }

    /// The address book refused this person's card alone (a name it cannot take, a card too
    /// large, a server full): the person is set aside with `reason`, and the others go on.
    ///
    /// ```swift
    /// throw Fizzle.cardRefused("p1", reason: "The address book refused the card as too large (HTTP 413).")
    /// ```
    public static func cardRefused(_ id: Person.ID, reason: String) -> Fizzle {
        Fizzle(.cardRefused(id, reason: reason.count > reasonLimit * 2 ? reason.prefix(reasonLimit * 2) + "…" : reason))
    }

    /// A pull found `deleted` of the `linked` people deleted in the address book, more than it
    /// deletes without asking (``DeletionGuard``): nobody was deleted here, and the user chooses.
    ///
    /// ```swift
    /// Fizzle.deletionsHeld(100, of: 100).message
    /// ```
    public static func deletionsHeld(_ deleted: Int, of linked: Int) -> Fizzle {
        Fizzle(.deletionsHeld(deleted, of: linked))
    }

    /// The address given is no address book this user can use, and what it is instead; `isFolder`
    /// when it is a folder of the server (its root, or an account's), where the account's books
    /// can be found from.
    ///
    /// ```swift
    /// throw Fizzle.notAnAddressBook("http://127.0.0.1:5232/ada/calendar/ is a calendar, not an address book.")
    /// ```
    public static func notAnAddressBook(_ text: String, isFolder: Bool = false) -> Fizzle {
        Fizzle(
            .notAnAddressBook(
                text.count > reasonLimit * 2 ? text.prefix(reasonLimit * 2) + "…" : text, isFolder: isFolder))
    }

    /// No person deleted within ``DeletedPerson/keptDays`` has this id: nothing to bring back.
    ///
    /// ```swift
    /// throw Fizzle.notDeleted("p1")
    /// ```
    public static func notDeleted(_ id: Person.ID) -> Fizzle { Fizzle(.notDeleted(id)) }

    /// Whether nobody deleted lately has the id asked for (``notDeleted(_:)``).
    public var isNotDeleted: Bool {
        if case .notDeleted = kind { true } else { false }
    }

    /// Why the address book refused this one card, if it did (``cardRefused(_:reason:)``): the
    /// person is set aside with it, and the exchange goes on.
    ///
    /// ```swift
    /// Fizzle.cardRefused("p1", reason: "Too large.").cardRefusal   // "Too large."
    /// ```
    public var cardRefusal: String? {
        if case .cardRefused(_, let reason) = kind { reason } else { nil }
    }

    /// The field has no conflict to choose for (chosen meanwhile, in another tab, or changed
    /// since): nothing was saved.
    ///
    /// ```swift
    /// throw Fizzle.noConflict(.email)
    /// ```
    public static func noConflict(_ field: PersonField) -> Fizzle { Fizzle(.noConflict(field)) }

    /// Whether there was no conflict to choose for (``noConflict(_:)``).
    public var isNoConflict: Bool {
        if case .noConflict = kind { true } else { false }
    }

    /// Whether the server's card changed since the request assumed it (a 412).
    public var isCardChanged: Bool {
        if case .cardChanged = kind { true } else { false }
    }

    /// What is wrong with each field of a person that was not saved, for a form to show beside
    /// them; `nil` for any other failure.
    ///
    /// ```swift
    /// Fizzle.invalidPerson(problems).personProblems?[.age]?.message
    /// ```
    public var personProblems: PersonProblems? {
        if case .invalidPerson(let problems) = kind { problems } else { nil }
    }

    /// Whether the directory could not be reached, or did not answer in time.
    ///
    /// ```swift
    /// Fizzle.noInternet.isOffline   // true
    /// ```
    public var isOffline: Bool {
        switch kind {
        case .noInternet, .timedOut: true
        default: false
        }
    }

    /// Whether the thing asked for does not exist (an unknown person), as opposed to
    /// something that failed.
    ///
    /// ```swift
    /// Fizzle.notFound("42").isNotFound   // true
    /// ```
    public var isNotFound: Bool {
        if case .notFound = kind { true } else { false }
    }

    /// Whether the address given is no address book but a folder of the server (its root, or an
    /// account's), where the account's books can be found from.
    ///
    /// ```swift
    /// Fizzle.notAnAddressBook("http://127.0.0.1:5232/ is a folder.", isFolder: true).isServerFolder   // true
    /// ```
    public var isServerFolder: Bool {
        if case .notAnAddressBook(_, true) = kind { true } else { false }
    }

    /// The message a user sees.
    ///
    /// ```swift
    /// Fizzle.walkFail.message   // "Cannot walk."
    /// ```
    public var message: String {
        switch kind {
        case .unknown: "An unknown error has occurred."
        case .noInternet: "Check your internet connection."
        case .downloadFailed: "Cannot download data from our server."
        case .timedOut(let seconds):
            "Our server did not answer within \(seconds) \(seconds == 1 ? "second" : "seconds")."
        case .rejected(let status): "Our server refused the request (HTTP \(status))."
        case .serverMessage(let text) where text.isEmpty: "Our server reported a problem without saying what."
        case .serverMessage(let text): "Our server reported a problem: \(text)"
        case .unreadableDownload: "The downloaded data cannot be read."
        case .unreadable: "Cannot read the item."
        case .notFound(let id): "There is no person with the id \(id)."
        case .saveFailed: "Cannot save the people to the database."
        case .switchNotSaved: "Cannot save the switch; it keeps its setting."
        case .diskFull: "The disk is full: nothing was saved. Free some space and try again."
        case .databaseBusy:
            "Another sync is writing to the database: nothing was saved. Try again when it has finished."
        case .nothingToStore(let skipped) where skipped.total == 0: "Our server sent no people."
        case .nothingToStore(let skipped):
            "Our server sent no usable people: \(skipped.total) \(skipped.total == 1 ? "record" : "records") skipped "
                + "(\(skipped))."
        case .storageUnavailable(let path, let problem): "Cannot open the database at \(path): \(problem.sentence)"
        case .readOnlyDatabase(let path):
            "The database at \(path) is read-only: the people in it can be read, but nothing can be saved. "
                + "Make the file and its folder writable and restart, or choose another file."
        case .databaseReplaced(let path):
            "The database file at \(path) was deleted, moved or replaced while the app was running: "
                + "nothing more is read from it or saved to it. Restart the app to open the file now at that path."
        case .invalidURL(let url): "The URL is invalid: \(url)"
        case .walkFail: "Cannot walk."
        case .notFly: "Cannot fly."
        case .syncUnderWay: "A sync is already under way."
        case .shortPage(let page, let got, let asked):
            "Our server sent \(got) of the \(asked) people asked for on page \(page): that page is not stored. "
                + "Run the sync again to resume at that page."
        case .unusablePhoto: "The photo is not an image, or is too large to keep."
        case .invalidPerson(let problems): "The person was not saved. \(problems)"
        case .addressBook(let text, _): text
        case .cardChanged:
            "A card changed on the server since the last exchange, while the app was writing it: nothing was "
                + "written over it, and the next exchange merges the two."
        case .cardRefused(_, let reason): "\(reason) That person was set aside; the others went on."
        case .deletionsHeld(let deleted, let linked):
            "The address book no longer has \(deleted) of the \(linked) \(linked == 1 ? "person" : "people") "
                + "linked with it: nobody was deleted here. Choose whether to delete them here too or to put "
                + "them back there."
        case .notAnAddressBook(let text, _): text
        case .notDeleted(let id): "Nobody deleted in the last \(DeletedPerson.keptDays) days has the id \(id)."
        case .noConflict(let field):
            "The \(field.label.lowercased()) has no values to choose between any more: nothing was saved."
        case .rateLimited(let attempts):
            "Our server says we asked too often (HTTP 429), \(attempts) \(attempts == 1 ? "time" : "times"): "
                + "wait a few minutes and run the sync again; it resumes where it stopped."
        }
    }

    /// The message a user sees.
    public var description: String { message }
    /// The message a user sees, for `localizedDescription`.
    public var errorDescription: String? { message }
}
