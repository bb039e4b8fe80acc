import Mustache

/// Every person changed both here and in the address book, on one page: their name, linking to
/// their page where each value is chosen, and the fields that wait.
///
/// ```swift
/// let row = AddressBookView.Entry(name: "Ada Park", link: SitePath.person("p1"), detail: "Email, Phone")
/// Shows.render(ChoicesPage(rows: [row]))
/// ```
public struct ChoicesPage: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "head": \.head, "rows": \.rows, "hasRows": { !$0.rows.isEmpty },
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "choices"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = PageView.frame(
        """
        <header class="bar"><a href="\(SitePath.home)" class="title">← Persons</a></header>
        <main class="choices">
        <h1>Choices waiting</h1>
        <p>These people were changed both here and in the address book, each field to another value. Until you choose, each keeps this app's value, here and there, and the address book's waits beside it: open a person to choose.</p>
        {{#hasRows}}<ul class="choices-people">{{#rows}}<li><a href="{{link}}">{{name}}</a>: {{detail}}</li>{{/rows}}</ul>{{/hasRows}}
        {{^hasRows}}<p>No choice waits.</p>{{/hasRows}}
        </main>
        """)

    let head: PageView
    let rows: [AddressBookView.Entry]

    /// The page of these `rows`: each person's name, page, and the fields that wait.
    public init(rows: [AddressBookView.Entry]) {
        head = PageView(title: "Choices waiting", live: nil)
        self.rows = rows
    }
}
