import Mustache

/// How the sync of people from the directory is going: progress, the failure's message, or a
/// note on what the last one left out; with the button that starts one where the directory is
/// (its page, ``DirectoryPage``), and elsewhere, after a failure, a link to it.
///
/// ```swift
/// Shows.render(SyncStatusView(progress: 450, failure: nil))
/// Shows.render(SyncStatusView(progress: nil, failure: "Offline", offersSync: false))   // links to the directory
/// ```
public struct SyncStatusView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "isSyncing": \.isSyncing, "permille": \.permille, "percent": \.percent, "action": \.action,
        "failure": \.failure, "note": \.note, "step": \.step, "back": \.back, "offersSync": \.offersSync,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "sync"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="sync" class="sync" aria-live="polite">
        {{#isSyncing}}<p>Syncing people… {{percent}}%</p><progress max="1000" value="{{permille}}">{{percent}}%</progress>{{#step}}<p class="step">{{step}}</p>{{/step}}{{/isSyncing}}
        {{^isSyncing}}{{#failure}}<p class="failure" role="alert">{{failure}}</p>{{/failure}}{{#note}}<p class="note">{{note}}</p>{{/note}}
        {{#offersSync}}<form method="post" action="\(SitePath.sync)" data-live><input type="hidden" name="back" value="{{back}}"><button type="submit">{{action}}</button></form>{{/offersSync}}{{^offersSync}}{{#failure}}<p><a href="\(SitePath.directory)">Try again on the directory's page</a></p>{{/failure}}{{/offersSync}}{{/isSyncing}}
        </section>
        """

    let isSyncing: Bool
    let permille: Int
    let percent: Int
    let failure: String?
    let note: String?
    let step: String?
    let action: String
    let back: String
    let offersSync: Bool

    /// The state of syncing: `progress` per mille while one runs, with `step` saying where it
    /// is (its page, whether it waits), `failure` after one failed, `note` after one succeeded
    /// with something to tell; the button (where it `offersSync`, the directory's page) comes
    /// back to `back`, a local page.
    public init(
        progress: Int?, failure: String?, note: String? = nil, step: String? = nil, back: String = SitePath.directory,
        offersSync: Bool = true
    ) {
        isSyncing = progress != nil
        self.step = progress == nil ? nil : step
        permille = min(max(progress ?? 0, 0), 1_000)
        percent = permille / 10
        self.failure = failure
        self.note = failure == nil ? note : nil
        // Each sync button says what it syncs: this one the people from the directory, the
        // address book's its own (``AddressBookView``).
        action = failure == nil ? "Sync people from the directory" : "Retry the directory"
        self.back = back
        self.offersSync = offersSync
    }
}
