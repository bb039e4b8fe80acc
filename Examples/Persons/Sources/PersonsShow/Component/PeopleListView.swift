import Mustache

/// The rows of the people list: sections of rows (titled by region while grouped), links to
/// jump into it (by letter for a name), and links to the previous and next pages, each to the
/// address of its page, landing at the top of the list.
/// How many match is ``ListSummaryView``'s.
///
/// ```swift
/// let list = PeopleListView(
///     sections: [.init(title: "KR", rows: [row])], previous: nil, next: "/?at=after%3AAda%20Park%2Cid-1")
/// ```
public struct PeopleListView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = ["sections": \.sections, "pages": \.pages]

    /// The partial name, and the id of the root element.
    public static let templateName = "list"
    /// The markup; data only through escaping `{{name}}` tags. Its text around the rows is
    /// declared once, here, for the whole list and for ``html(writingRows:)``.
    public static let template =
        opening + "{{#sections}}{{> \(Section.templateName)}}{{#rows}}{{> row}}{{/rows}}" + Section.closing
        + "{{/sections}}{{#pages}}{{> \(Pages.templateName)}}{{/pages}}" + closing
    private static let opening = "<section id=\"list\" class=\"list\">\n"
    private static let closing = "\n</section>"

    /// Rows under a region title, or untitled when the list is not grouped.
    public struct Section: ShowComponent, Equatable {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["title": \.title, "rows": \.rows]
        /// The partial name of its opening, up to its rows.
        public static let templateName = "list-section"
        /// The markup before the rows; ``closing`` after them.
        public static let template = #"<section class="region">{{#title}}<h2>{{title}}</h2>{{/title}}<ul>"#
        static let closing = "</ul></section>\n"

        let title: String?
        let rows: [PersonRowView]

        /// A section of `rows`.
        public init(title: String?, rows: [PersonRowView]) {
            self.title = title
            self.rows = rows
        }
    }

    let sections: [Section]
    let pages: Pages

    /// The links after the rows: to jump into the list, and to the previous and next pages.
    public struct Pages: ShowComponent, Equatable {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "previous": \.previous, "next": \.next, "jumps": \.jumps, "hasJumps": \.hasJumps,
        ]
        /// The partial name.
        public static let templateName = "list-pages"
        /// The markup; data only through escaping `{{name}}` tags.
        public static let template = """
            {{#hasJumps}}<nav class="jumps" aria-label="Jump to">{{#jumps}}<a class="button" href="{{href}}#list" data-live-patch>{{label}}</a>{{/jumps}}</nav>{{/hasJumps}}
            <nav class="pages" aria-label="Pages">
            {{#previous}}<a class="button" href="{{previous}}#list" rel="prev" data-live-patch>Previous</a>{{/previous}}
            {{#next}}<a class="button" href="{{next}}#list" rel="next" data-live-patch>Next</a>{{/next}}
            </nav>
            """

        let previous: String?
        let next: String?
        let jumps: [Jump]
        var hasJumps: Bool { !jumps.isEmpty }
    }

    /// A link to where a page starts, labelled (`M`, to the page from M).
    public struct Jump: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["label": \.label, "href": \.href]

        let label: String
        let href: String

        /// A link labelled `label`, to the page at `href`.
        public init(label: String, href: String) {
            self.label = label
            self.href = href
        }
    }

    /// The list's `sections`, the addresses of the `previous` and `next` pages, if there are
    /// such pages, and the `jumps` it offers.
    public init(sections: [Section], previous: String?, next: String?, jumps: [Jump] = []) {
        self.sections = sections
        pages = Pages(previous: previous, next: next, jumps: jumps)
    }

    /// The list's HTML as its template renders it, each row's written by `write` (the row, and
    /// the HTML so far, to add the row's to): a list that keeps its last rendering copies the
    /// rows it shows again from it, rather than rendering them again (see `ShownRows`).
    ///
    /// ```swift
    /// let html = list.html { row, html in html += Shows.render(row) }   // == Shows.render(list)
    /// ```
    public func html(writingRows write: (PersonRowView, inout String) -> Void) -> String {
        var html = Self.opening
        for section in sections {
            html += Shows.render(section)
            for row in section.rows { write(row, &html) }
            html += Section.closing
        }
        return html + Shows.render(pages) + Self.closing
    }
}
