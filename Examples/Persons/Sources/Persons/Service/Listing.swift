/// The people list as every screen shows it, the web page and `pure list` alike: a summary, the
/// rows in region sections while the region switch is on (each the name, and the username beside it
/// while the username switch is on), why there are no rows when there are none, and the pages around this one.
///
/// ```swift
/// let listing = Listing(list.state.value, appState.value.field)
/// print(listing.summary)   // "250 people"
/// ```
public struct Listing: Equatable, Sendable {
    /// One person of the list.
    public struct Row: Equatable, Sendable {
        /// The person's id, for a link to them.
        public let id: Person.ID
        /// The generation label (`Teen`); `nil` when the age is not known.
        public let label: String?
        /// The person's name, always.
        public let name: String
        /// The username, shown beside the name while the username switch is on; else `nil`.
        public let username: String?
    }

    /// The rows of one region, or all rows while the region switch is off (`region` is `nil`).
    public struct Section: Equatable, Sendable {
        /// The region's code, or `nil` while the list is not grouped.
        public let region: String?

        /// The region as a heading says it: its code, or "No region" (``Listing/noRegionLabel``).
        public var heading: String? { region.map(Listing.regionLabel) }
        /// The rows, in list order.
        public let rows: [Row]
    }

    /// Why a page has no rows.
    public enum Empty: Equatable, Sendable {
        /// People match, but none from this position on.
        case pastTheEnd
        /// The search or the region matches nobody.
        case noMatch
        /// Nobody is stored yet.
        case nothingStored

        /// What to tell the user.
        public var text: String {
            switch self {
            case .pastTheEnd: "No people from here on."
            case .noMatch: "No one matches."
            case .nothingStored: "No people yet."
            }
        }
    }

    /// What a region that is not known is called, in a heading, a filter's choices and on a
    /// person's page: never its code (``Person/noRegion``).
    public static let noRegionLabel = "No region"

    /// A region code as people read it: the code, or ``noRegionLabel``.
    ///
    /// ```swift
    /// Listing.regionLabel("KR")   // "KR"
    /// Listing.regionLabel("ZZ")   // "No region"
    /// ```
    public static func regionLabel(_ code: String) -> String {
        code == Person.noRegion ? noRegionLabel : code
    }

    /// The rows, in sections.
    public let sections: [Section]
    /// How many match: `250 people` (`10000+ people` once the count stops).
    public let summary: String
    /// Why there are no rows; `nil` when there are.
    public let empty: Empty?
    /// Where the page before this one starts, if there is one.
    public let previous: ListPosition?
    /// Where the page after this one starts, if there is one.
    public let next: ListPosition?
    /// The jumps into the first field the filters leave free (``ListField/jumps``: `A` to `Z`
    /// for a name), each where its page starts; none for a search, which lists in the order
    /// FTS5 keeps.
    public let jumps: [Jump]

    /// How many `page` says match: `250 people`, `10000+ people` once the count stopped.
    public static func summary(_ page: MetaPage) -> String {
        let total = page.isTotalCapped ? "\(page.total)+" : String(page.total)
        return "\(total) \(total == "1" ? "person" : "people")"
    }

    /// Why `list` has no rows; `nil` when it has some.
    public static func empty(_ list: ListState) -> Empty? {
        let result = list.result
        return !result.metas.isEmpty
            ? nil : result.total > 0 ? .pastTheEnd : list.criteria.isFiltered ? .noMatch : .nothingStored
    }

    /// A jump: what it is labelled, and where its page starts.
    public struct Jump: Equatable, Sendable {
        /// `M`.
        public let label: String
        /// `from:M`.
        public let position: ListPosition
    }

    /// The list `list` holds (its rows and criteria) shown with `switches`: usernames or names as
    /// the username switch says, in region sections as the rows were read (`list.listed`; the
    /// region switch until they are), so that a list is never regrouped before its rows are.
    public init(_ list: ListState, _ switches: Switches) {
        var sections: [Section] = []
        var rows: [Row] = []
        var region: String?
        let result = list.result
        let isGrouped = list.listed?.isRegion ?? switches.isRegion
        for meta in result.metas {
            let next = isGrouped ? meta.country : nil
            if next != region, !rows.isEmpty {
                sections.append(Section(region: region, rows: rows))
                rows = []
            }
            region = next
            rows.append(
                Row(
                    id: meta.id, label: meta.generation?.label, name: meta.name,
                    username: switches.isUsername ? meta.username : nil))
        }
        if !rows.isEmpty { sections.append(Section(region: region, rows: rows)) }
        self.sections = sections
        summary = Self.summary(result)
        empty = Self.empty(list)
        previous = result.previous
        next = result.next
        let sort = ListSort(order: list.criteria.order, isRegion: isGrouped)
        let first = sort.fields(besides: list.criteria.filters.keys).first
        jumps =
            list.criteria.search.isEmpty
            ? (first?.jumps ?? []).map { Jump(label: $0.label, position: .from($0.from)) } : []
    }
}
