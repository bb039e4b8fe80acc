import Mustache

/// The inspector's list of journal entries, newest first: for each, what it changed (the app's
/// own fields, a list), the use case, when, how long, whom it reached, what it changed, and a
/// button that restores the state it left.
///
/// ```swift
/// let row = JournalView.Row(
///     store: "app", sequence: 2, summary: "#2 ApplyRegionAction, 6 µs, 1 selection changed, 1 subscriber told",
///     time: "09:14:03.120 UTC", changes: [("field.isRegion", "true", "false")], omitted: 0)
/// Shows.render(JournalView(rows: [row], kept: 2, shown: 1))
/// ```
public struct JournalView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["rows": \.rows, "note": \.note]

    /// The partial name, and the id of the root element.
    public static let templateName = "journal"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <section id="journal" class="journal">
        <p class="kept">{{note}}</p>
        <ol class="entries">
        {{#rows}}<li class="entry" data-store="{{store}}" data-sequence="{{sequence}}">
        <div class="entry-head"><span class="store">{{store}}</span> <strong>{{summary}}</strong> <time>{{time}}</time>
        <form method="post" action="\(SitePath.restore)" data-live><input type="hidden" name="sequence" value="{{sequence}}"><button type="submit">Restore</button></form></div>
        <ul class="changes">{{#changes}}<li><code>{{path}}</code>: {{old}} → {{new}}</li>{{/changes}}{{#omitted}}<li>… and {{omitted}} more</li>{{/omitted}}</ul>
        </li>{{/rows}}
        </ol>
        </section>
        """

    /// One entry, already described.
    public struct Row: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "store": \.store, "sequence": \.sequence, "summary": \.summary, "time": \.time, "changes": \.changes,
            "omitted": \.omitted,
        ]

        /// One changed path, with the value before and after.
        struct Change: Equatable, Sendable, ShowFields {
            /// The names its template uses.
            public static let fields: [String: @Sendable (Self) -> Any?] = ["path": \.path, "old": \.old, "new": \.new]

            let path, old, new: String
        }

        let store: String
        let sequence: Int
        let summary, time: String
        let changes: [Change]
        let omitted: Int?

        /// An entry that changed `store` (`app`, `list /?q=ad`): its number, its one-line
        /// summary, when it was made, its changes as (path, old, new), `omitted` more left out.
        public init(
            store: String, sequence: Int, summary: String, time: String, changes: [(String, String, String)],
            omitted: Int
        ) {
            self.store = store
            self.sequence = sequence
            self.summary = summary
            self.time = time
            self.changes = changes.map { Change(path: $0.0, old: $0.1, new: $0.2) }
            self.omitted = omitted > 0 ? omitted : nil
        }
    }

    let rows: [Row]
    let note: String

    /// The newest `rows`, of `kept` entries in the journal.
    public init(rows: [Row], kept: Int, shown: Int) {
        self.rows = rows
        note =
            kept == 0
            ? "Nothing has changed the state yet."
            : shown < kept ? "The newest \(shown) of \(kept) entries kept." : "\(kept) entries kept, newest first."
    }
}
