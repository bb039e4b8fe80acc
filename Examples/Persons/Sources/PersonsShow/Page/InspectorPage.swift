import Mustache

/// The inspector (`pure serve --inspector`): the journal of the app state, live, with a filter
/// by use case and a download of the whole journal.
///
/// ```swift
/// Shows.render(InspectorPage(live: SitePath.inspector, useCases: ["ApplyRegionAction"], chosen: nil,
///                            journal: JournalView(rows: [], kept: 0, shown: 0)))
/// ```
public struct InspectorPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "useCases": \.useCases, "journal": \.journal, "calls": \.calls,
        "hasCalls": { !$0.calls.isEmpty },
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "inspector"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">← People</a>
        <form method="get" action="\(SitePath.inspector)" class="filter"><label>Use case <select name="useCase">
        <option value="">all</option>{{#useCases}}<option value="{{name}}"{{#isChosen}} selected{{/isChosen}}>{{name}}</option>{{/useCases}}
        </select></label> <button type="submit">Filter</button></form>
        <a href="\(SitePath.journal)" download>Download the journal</a>
        {{#hasCalls}}<form method="get" action="\(SitePath.testExport)" class="export"><label>Calls from <select name="from">
        {{#calls}}<option value="{{sequence}}">{{title}}</option>{{/calls}}</select></label>
        <label>to <select name="to">{{#calls}}<option value="{{sequence}}"{{#isLast}} selected{{/isLast}}>{{title}}</option>{{/calls}}</select></label>
        <button type="submit">Export as test</button>
        <button type="submit" formaction="\(SitePath.testData)">Its data (.json, beside the test)</button></form>{{/hasCalls}}</header>
        <main>
        <h1>Inspector</h1>
        {{#journal}}{{> journal}}{{/journal}}
        </main>
        """)

    /// A use case in the filter.
    struct UseCase: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["name": \.name, "isChosen": \.isChosen]

        let name: String
        let isChosen: Bool
    }

    /// A recorded call, offered as either end of the range to export.
    struct Call: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "sequence": \.sequence, "title": \.title, "isLast": \.isLast,
        ]

        let sequence: Int
        let title: String
        let isLast: Bool
    }

    let head: PageView
    let useCases: [UseCase]
    let calls: [Call]
    let journal: JournalView

    /// The page live at its address `live`, filtering by `useCases` (`chosen` selected), offering
    /// `calls` (number, the call as Swift) to export as a test, showing `journal`.
    public init(live: String, useCases: [String], chosen: String?, calls: [(Int, String)] = [], journal: JournalView) {
        head = PageView(title: "Inspector", live: live)
        self.useCases = useCases.map { UseCase(name: $0, isChosen: $0 == chosen) }
        self.calls = calls.map { Call(sequence: $0.0, title: "#\($0.0) \($0.1)", isLast: $0.0 == calls.last?.0) }
        self.journal = journal
    }
}
