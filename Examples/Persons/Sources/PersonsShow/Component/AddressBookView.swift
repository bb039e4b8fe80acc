import Mustache

/// How the exchange with the address book is going: under way, what the last one did, or why it
/// failed (when it ended, once the app has restarted), with a button that asks for one now; what
/// waits to go out; the address books to choose from, when the account given has several; and the people that wait for the user: the deletions held back (with a button
/// to delete them here too and one to put them back), the people set aside and why, those with
/// two cards there, and the first few with a choice between two values (each linking to their
/// page, where the choice is made), with a link to the page of every choice waiting; the cards
/// there that are no person here, each with why; and how many people the address book deleted
/// here lately, linking to the people deleted. Empty while no address book is set.
///
/// ```swift
/// Shows.render(AddressBookView(isSyncing: false, outcome: "Sent 2 changes; received 1.", failure: nil))
/// ```
public struct AddressBookView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "isShown": \.isShown, "isSyncing": \.isSyncing, "outcome": \.outcome, "failure": \.failure,
        "waiting": \.waiting, "held": \.held, "hasHeld": { !$0.held.isEmpty }, "setAside": \.setAside,
        "hasSetAside": { !$0.setAside.isEmpty }, "duplicates": \.duplicates,
        "hasDuplicates": { !$0.duplicates.isEmpty }, "choices": \.choices, "hasChoices": { !$0.choices.isEmpty },
        "lastExchange": \.lastExchange, "back": \.back, "linked": \.linked, "offered": \.offered,
        "hasOffered": { !$0.offered.isEmpty }, "choicesLink": \.choicesLink, "unread": \.unread,
        "hasUnread": { !$0.unread.isEmpty }, "deletedLately": \.deletedLately,
    ]

    /// An address book the user may choose: its address, and its name and card count in words.
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
        <section id="address-book" class="address-book" aria-live="polite">{{#isShown}}{{#linked}}<p class="note">{{linked}}</p>{{/linked}}
        {{#isSyncing}}<p>Syncing with the address book…</p>{{/isSyncing}}{{#outcome}}<p class="note">Address book: {{outcome}}</p>{{/outcome}}{{#failure}}<p class="failure" role="alert">Address book: {{failure}}</p>{{/failure}}{{#lastExchange}}<p class="note">{{lastExchange}}</p>{{/lastExchange}}
        {{#waiting}}<p class="note">{{waiting}}</p>{{/waiting}}
        {{#hasOffered}}<form class="offered" method="post" action="\(SitePath.addressBookChoice)"><input type="hidden" name="back" value="{{back}}">
        <fieldset><legend>The account has several address books: which one should the people be kept in step with?</legend>{{#offered}}<label><input type="radio" name="address" value="{{address}}" required> {{label}} <span class="note">{{address}}</span></label>{{/offered}}</fieldset>
        <button type="submit">Link with this address book</button></form>{{/hasOffered}}
        {{#hasHeld}}<form class="held" method="post" action="\(SitePath.addressBookDeletions)"><input type="hidden" name="back" value="{{back}}">
        <p>Deleted in the address book, and still here:</p><ul>{{#held}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}</li>{{/held}}</ul>
        <button type="submit" name="accept" value="true">Delete them here too</button> <button type="submit" name="accept" value="false">Put them back in the address book</button></form>{{/hasHeld}}
        {{#hasSetAside}}<div class="set-aside"><p>Set aside, tried again at each exchange (the address book refused their cards):</p><ul>{{#setAside}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}: {{detail}}</li>{{/setAside}}</ul></div>{{/hasSetAside}}
        {{#hasDuplicates}}<div class="duplicates"><p>With two cards in the address book, left alone until one is deleted:</p><ul>{{#duplicates}}<li>{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}{{name}}{{/link}}: {{detail}}</li>{{/duplicates}}</ul></div>{{/hasDuplicates}}
        {{#deletedLately}}<p class="note deleted-lately">{{deletedLately}} <a href="\(SitePath.deleted)">Recently deleted</a></p>{{/deletedLately}}
        {{#hasUnread}}<div class="unread"><p>Not read from the address book, until they change there:</p><ul>{{#unread}}<li>{{name}}: {{detail}}</li>{{/unread}}</ul></div>{{/hasUnread}}
        {{#hasChoices}}<div class="choices"><p>Changed both here and in the address book, waiting for your choice on their page:</p><ul>{{#choices}}<li><a href="{{link}}">{{name}}</a>: {{detail}}</li>{{/choices}}</ul><p><a href="\(SitePath.addressBookChoices)">{{choicesLink}}</a></p></div>{{/hasChoices}}
        {{^isSyncing}}<form method="post" action="\(SitePath.addressBookSync)" data-live><input type="hidden" name="back" value="{{back}}"><button type="submit">Sync with the address book</button></form>{{/isSyncing}}
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
    let lastExchange: String?
    let linked: String?
    let offered: [Offer]
    let back: String

    /// The exchange's state: under way, its `outcome`, or its `failure`, else the `lastExchange`
    /// kept, in words; `waiting`, what waits to go out, in words; the people `held`, `setAside`,
    /// with `duplicates`, and with `choices` to make; the cards there `unread`, with why; how
    /// many people the address book `deletedLately`, in words; the book `linked` and when it is
    /// next asked, in words; the books `offered` to choose from. Nothing at all while `isShown` is
    /// false (no address book). The forms come back to `back`.
    public init(
        isShown: Bool = true, isSyncing: Bool, outcome: String?, failure: String?, lastExchange: String? = nil,
        linked: String? = nil, offered: [Offer] = [],
        waiting: String? = nil, held: [Entry] = [], setAside: [Entry] = [], duplicates: [Entry] = [],
        choices: [Entry] = [], unread: [Entry] = [], deletedLately: String? = nil, back: String = SitePath.home
    ) {
        self.isShown = isShown
        self.isSyncing = isSyncing
        self.outcome = isSyncing ? nil : outcome
        self.failure = isSyncing ? nil : failure
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
        self.lastExchange = isSyncing || outcome != nil || failure != nil ? nil : lastExchange
        self.linked = linked
        self.offered = offered
        self.back = back
    }
}
