import Mustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the exchange with the address book is going, in the user's words: the book by name (its
/// address on hover), and what the link does now; under way, what the last one did and when (a
/// time the page's script says relative to now, in the reader's zone), or why it failed, with a
/// button that asks for one now; what waits to go out; the address books to choose from, one per
/// line, when the account given has several; and the people that wait for the user: the deletions held back (with a button
/// to delete them here too and one to put them back), the people set aside and why, those with
/// two cards there, and the first few with a choice between two values (each linking to their
/// page, where the choice is made), with a link to the page of every choice waiting; the cards
/// there that are no person here, each with why; and how many people the address book deleted
/// here lately, linking to the people deleted. Empty while no address book is set.
///
/// ```swift
/// Shows.render(AddressBookView(isSyncing: false, outcome: "Sent 2 changes; received 1.", failure: nil))
/// Shows.render(AddressBookView(
///     isSyncing: false, outcome: nil, failure: nil,
///     linked: .init(name: "Family", address: "https://dav.example.com/ada/family/", line: "Saves go there within seconds."),
///     lastExchange: .init(at: 1_764_327_303, succeeded: true, outcome: "Sent 2 changes; received 1.")))
/// ```
public struct AddressBookView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "isShown": \.isShown, "isSyncing": \.isSyncing, "outcome": \.outcome, "failure": \.failure,
        "waiting": \.waiting, "held": \.held, "hasHeld": { !$0.held.isEmpty }, "setAside": \.setAside,
        "hasSetAside": { !$0.setAside.isEmpty }, "duplicates": \.duplicates,
        "hasDuplicates": { !$0.duplicates.isEmpty }, "choices": \.choices, "hasChoices": { !$0.choices.isEmpty },
        "lastExchange": \.lastExchange, "back": \.back, "linked": \.linked, "offered": \.offered, "canSync": \.canSync,
        "syncLabel": \.syncLabel,
        "hasOffered": { !$0.offered.isEmpty }, "choicesLink": \.choicesLink, "unread": \.unread,
        "hasUnread": { !$0.unread.isEmpty }, "deletedLately": \.deletedLately,
    ]

    /// The book the people are kept in step with: its name, its address (shown on hover), and
    /// what the link does now, in a line that claims nothing that is not happening.
    public struct Linked: Equatable, Sendable, ShowFields {
        let name: String
        let address: String
        let line: String

        /// The book `name` at `address`, and what the link does now (`line`).
        public init(name: String, address: String, line: String) {
            self.name = name
            self.address = address
            self.line = line
        }

        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "address": \.address, "line": \.line,
        ]
    }

    /// How the last exchange ended, and when: written as a UTC time in a `<time>` element, which
    /// the page's script says relative to now ("2 minutes ago"), with the reader's local time on
    /// hover.
    public struct Exchange: Equatable, Sendable, ShowFields {
        let at: String
        let when: String
        let failed: Bool
        let outcome: String

        /// An exchange that ended `at` (seconds since 1970), with `outcome`.
        public init(at: Int, succeeded: Bool, outcome: String) {
            let date = Date(timeIntervalSince1970: TimeInterval(at))
            self.at = date.formatted(.iso8601)
            when =
                date.formatted(
                    .iso8601.year().month().day().dateTimeSeparator(.space).time(includingFractionalSeconds: false))
                + " UTC"
            failed = !succeeded
            self.outcome = outcome
        }

        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "at": \.at, "when": \.when, "failed": \.failed, "outcome": \.outcome,
        ]
    }

    /// An address book the user may choose: its address (shown on hover), and its name and card
    /// count in words.
    public struct Offer: Equatable, Sendable, ShowFields {
        let address: String
        let label: String

        /// The book at `address`, said as `label` ("Family, 12 cards").
        public init(address: String, label: String) {
            self.address = address
            self.label = label
        }

        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["address": \.address, "label": \.label]
    }

    /// A person the exchange says something of: their name, their page, and why.
    public struct Entry: Equatable, Sendable, ShowFields {
        let name: String
        let link: String?
        let detail: String?

        /// `name`, linking to `link` (`nil`: not here), and what is said of them.
        public init(name: String, link: String?, detail: String?) {
            self.name = name
            self.link = link
            self.detail = detail
        }

        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "link": \.link, "detail": \.detail,
        ]
    }

    /// How many of the people with a choice waiting the part names; the rest are on the page of
    /// every choice waiting (``SitePath/addressBookChoices``).
    public static let choicesShown = 5

    /// The partial name, and the id of the root element.
    public static let templateName = "address-book"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="address-book" class="address-book" aria-live="polite">{{#isShown}}{{#linked}}<p class="note linked">Kept in step with the address book <span class="book" title="{{address}}">{{name}}</span>. {{line}}</p>{{/linked}}
        {{#isSyncing}}<p>Syncing with the address book…</p>{{/isSyncing}}{{#outcome}}<p class="note">Address book: {{outcome}}</p>{{/outcome}}{{#failure}}<p class="failure" role="alert">Address book: {{failure}}</p>{{/failure}}{{#lastExchange}}<p class="note">Last exchange <time datetime="{{at}}" data-ago>{{when}}</time>{{#failed}}, failed{{/failed}}: {{outcome}}</p>{{/lastExchange}}
        {{#waiting}}<p class="note">{{waiting}}</p>{{/waiting}}
        {{#hasOffered}}<form class="offered" method="post" action="\(SitePath.addressBookChoice)"><input type="hidden" name="back" value="{{back}}">
        <fieldset><legend>The account has several address books: which one should the people here be kept in step with?</legend>{{#offered}}<label title="{{address}}"><input type="radio" name="address" value="{{address}}" required> {{label}}</label>{{/offered}}</fieldset>
        <button type="submit">Link with this address book</button></form>{{/hasOffered}}
        {{#hasHeld}}<form class="held" method="post" action="\(SitePath.addressBookDeletions)"><input type="hidden" name="back" value="{{back}}">
        <p>Deleted in the address book, and still here:</p><ul>{{#held}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}</li>{{/held}}</ul>
        <button type="submit" name="accept" value="true">Delete them here too</button> <button type="submit" name="accept" value="false">Put them back in the address book</button></form>{{/hasHeld}}
        {{#hasSetAside}}<div class="set-aside"><p>Set aside, tried again at each exchange (the address book refused their cards):</p><ul>{{#setAside}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}: {{detail}}</li>{{/setAside}}</ul></div>{{/hasSetAside}}
        {{#hasDuplicates}}<div class="duplicates"><p>With two cards in the address book, left alone until one is deleted:</p><ul>{{#duplicates}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}: {{detail}}</li>{{/duplicates}}</ul></div>{{/hasDuplicates}}
        {{#deletedLately}}<p class="note deleted-lately">{{deletedLately}} <a href="\(SitePath.deleted)">Recently deleted</a></p>{{/deletedLately}}
        {{#hasUnread}}<div class="unread"><p>Not read from the address book, until they change there:</p><ul>{{#unread}}<li>{{name}}: {{detail}}</li>{{/unread}}</ul></div>{{/hasUnread}}
        {{#hasChoices}}<div class="choices"><p>Changed both here and in the address book, waiting for your choice on their page:</p><ul>{{#choices}}<li><a href="{{link}}">{{name}}</a>: {{detail}}</li>{{/choices}}</ul><p><a href="\(SitePath.addressBookChoices)">{{choicesLink}}</a></p></div>{{/hasChoices}}
        {{#canSync}}<form method="post" action="\(SitePath.addressBookSync)" data-live><input type="hidden" name="back" value="{{back}}"><button type="submit">{{syncLabel}}</button></form>{{/canSync}}
        {{/isShown}}</section>
        """

    let isShown: Bool
    let isSyncing: Bool
    let outcome: String?
    let failure: String?
    let waiting: String?
    let held: [Entry]
    let setAside: [Entry]
    let duplicates: [Entry]
    let choices: [Entry]
    let unread: [Entry]
    let deletedLately: String?
    let choicesLink: String
    let lastExchange: Exchange?
    let linked: Linked?
    let offered: [Offer]
    let canSync: Bool
    let syncLabel: String
    let back: String

    /// The exchange's state: under way, its `outcome` (when no `lastExchange` is kept), or its
    /// `failure`, else the `lastExchange` kept; `waiting`, what waits to go out, in words; the
    /// people `held`, `setAside`, with `duplicates`, and with `choices` to make; the cards there
    /// `unread`, with why; how many people the address book `deletedLately`, in words; the book
    /// `linked`; the books `offered` to choose from, which replace the failure that asks for the
    /// choice, the exchange that ended asking, and the sync button (nothing to sync with until one
    /// is chosen). The sync button
    /// shows once a book is linked, or to try again after a failure. Nothing at all while
    /// `isShown` is false (no address book). The forms come back to `back`.
    public init(
        isShown: Bool = true, isSyncing: Bool, outcome: String?, failure: String?, linked: Linked? = nil,
        lastExchange: Exchange? = nil, offered: [Offer] = [],
        waiting: String? = nil, held: [Entry] = [], setAside: [Entry] = [], duplicates: [Entry] = [],
        choices: [Entry] = [], unread: [Entry] = [], deletedLately: String? = nil, back: String = SitePath.home
    ) {
        self.isShown = isShown
        self.isSyncing = isSyncing
        self.outcome = isSyncing || lastExchange != nil ? nil : outcome
        self.failure = isSyncing || !offered.isEmpty ? nil : failure
        self.waiting = waiting
        self.held = held
        self.setAside = setAside
        self.duplicates = duplicates
        self.choices = Array(choices.prefix(Self.choicesShown))
        self.unread = unread
        self.deletedLately = deletedLately
        choicesLink =
            choices.count > Self.choicesShown
            ? "\(choices.count - Self.choicesShown) more: every choice waiting, on one page"
            : "Every choice waiting, on one page"
        self.lastExchange = isSyncing || self.failure != nil || !offered.isEmpty ? nil : lastExchange
        self.linked = linked
        self.offered = offered
        canSync = !isSyncing && offered.isEmpty && (linked != nil || failure != nil)
        syncLabel = linked == nil ? "Try again" : "Sync with the address book"
        self.back = back
    }
}
