import Mustache

/// How the exchange with the address book is going: under way, what the last one did, or why it
/// failed, with a button that asks for one now. Empty while no address book is set.
///
/// ```swift
/// Shows.render(AddressBookView(isSyncing: false, outcome: "Sent 2 changes; received 1.", failure: nil))
/// ```
public struct AddressBookView: ShowComponent, Equatable {
    /// The partial name, and the id of the root element.
    public static let templateName = "address-book"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="address-book" class="address-book" aria-live="polite">{{#isShown}}
        {{#isSyncing}}<p>Syncing with the address book…</p>{{/isSyncing}}{{#outcome}}<p class="note">Address book: {{outcome}}</p>{{/outcome}}{{#failure}}<p class="failure" role="alert">Address book: {{failure}}</p>{{/failure}}
        {{^isSyncing}}<form method="post" action="\(SitePath.addressBookSync)" data-live><input type="hidden" name="back" value="{{back}}"><button type="submit">Sync now</button></form>{{/isSyncing}}
        {{/isShown}}</section>
        """

    let isShown: Bool
    let isSyncing: Bool
    let outcome: String?
    let failure: String?
    let back: String

    /// The exchange's state: under way, its `outcome`, or its `failure`; nothing at all while
    /// `isShown` is false (no address book). The button's form comes back to `back`.
    public init(isShown: Bool = true, isSyncing: Bool, outcome: String?, failure: String?, back: String = SitePath.home)
    {
        self.isShown = isShown
        self.isSyncing = isSyncing
        self.outcome = isSyncing ? nil : outcome
        self.failure = isSyncing ? nil : failure
        self.back = back
    }
}

extension AddressBookView: ShowFields {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "isShown": \.isShown, "isSyncing": \.isSyncing, "outcome": \.outcome, "failure": \.failure, "back": \.back,
    ]
}
