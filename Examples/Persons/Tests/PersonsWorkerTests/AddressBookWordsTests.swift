import Persons
import PersonsGear
import Testing

@testable import PersonsWorker

/// What the user reads when the address book fails: one case per cause, in the user's words.
/// None names an address, a status code or a flag (the log has them); a flag a command's user can
/// use is the command line's own hint.
@Suite("The address book's failures, in the user's words")
struct AddressBookWordsTests {
    /// Each cause, and the words a user sees for it: for a request of the whole book, and for a
    /// request of one person's card (`nil`: the same words).
    static let causes: [(CardDAVFailure, String, card: String?)] = [
        (
            .unreachable("connection refused"),
            "The address book's server cannot be reached (no network, or the server is down): what waits goes "
                + "when it answers again.", nil
        ),
        (.timedOut, "The address book's server did not answer in time: what waits goes at the next exchange.", nil),
        (
            .unreadable("a PROPFIND without its own response"),
            "The address book sent an answer that cannot be read: nothing was changed here.", nil
        ),
        (
            .outside("https://elsewhere.example/card.vcf"),
            "The address book named a card that is not in it: nothing was changed here.", nil
        ),
        (
            .refused(.unauthorized), "The address book's server did not accept the user name or password.", nil
        ),
        (
            .refused(.preconditionFailed),
            "A card changed on the server since the last exchange: nothing was written over it, and the next "
                + "exchange merges the two.",
            "A card changed on the server since the last exchange, while the app was writing it: nothing was "
                + "written over it, and the next exchange merges the two."
        ),
        (
            .refused(.forbidden), "The address book does not let this user do that.",
            "The address book does not let this user change this card. That person was set aside; the others "
                + "went on."
        ),
        (.refused(.notFound), "The address book is no longer on its server: it was deleted or moved.", nil),
        (.refused(.notSupported), "The server keeps no address book at this address.", nil),
        (
            .refused(.conflict), "The address book refused the change as conflicting with its state.",
            "The address book refused the card as conflicting with its own. That person was set aside; the "
                + "others went on."
        ),
        (
            .refused(.tooLarge), "The address book refused a card as too large.",
            "The address book refused the card as too large. That person was set aside; the others went on."
        ),
        (
            .refused(.insufficientStorage), "The address book's server is full: nothing more was sent.",
            "The address book's server is full. That person was set aside; the others went on."
        ),
        (
            .refused(.tooManyRequests(retryAfter: nil)),
            "The address book's server says the app asked too often: it asks again later.", nil
        ),
        (.refused(.locked), "The address book stayed locked by its server: the app tries again later.", nil),
        (.refused(.serverError(status: 503)), "The address book's server failed: the app tries again later.", nil),
        (
            .refused(.redirected(to: "https://elsewhere.example/")),
            "The address book's server sent the app to another address: it is not followed without your say.", nil
        ),
        (
            .refused(.refused(status: 422)), "The address book refused the request as it is written.",
            "The address book refused the card as it is written. That person was set aside; the others went on."
        ),
        (.refused(.refused(status: 418)), "The address book refused the request.", nil),
    ]

    @Test("each cause of a failure is said as the user reads it", arguments: causes.indices)
    func words(_ index: Int) {
        let (failure, words, card) = Self.causes[index]
        #expect(AddressBookWorker.fizzle(failure, id: nil).message == words)
        #expect(AddressBookWorker.fizzle(failure, id: "6F1A2B3C-UUID").message == card ?? words)
    }

    @Test("no message names an address, a status code, a person's id or a flag", arguments: causes.indices)
    func nothingRaw(_ index: Int) {
        let (failure, _, _) = Self.causes[index]
        for id in [nil, "6F1A2B3C-UUID"] as [Person.ID?] {
            let message = AddressBookWorker.fizzle(failure, id: id).message
            for raw in ["http", "HTTP", "--", "6F1A2B3C", "elsewhere.example"] {
                #expect(!message.contains(raw), "\(message)")
            }
        }
    }

    @Test("a flag that helps is said by the command line only: a redirect's address, the credentials missing")
    func commandHints() {
        let redirect = AddressBookWorker.fizzle(.refused(.redirected(to: "https://elsewhere.example/")), id: nil)
        #expect(redirect.commandHint == "Give that address with --carddav if you trust it: https://elsewhere.example/")
        #expect(Fizzle.deletionsHeld(3, of: 4).commandHint == "Run pure carddav sync --accept-deletions or --put-back.")
        #expect(!Fizzle.deletionsHeld(3, of: 4).message.contains("--"))
        #expect(AddressBookWorker.fizzle(.timedOut, id: nil).commandHint == nil)
    }
}
