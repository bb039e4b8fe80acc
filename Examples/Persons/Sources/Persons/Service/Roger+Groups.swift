extension Roger {
    /// How the last sync went, and the one under way.
    ///
    /// ```swift
    /// if appState.value.sys.last == .failure { showRetry() }
    /// ```
    public struct Sys: Equatable, Sendable {
        /// The outcome of the last finished sync.
        public var last: Signal
        /// Per mille done while a sync runs; `nil` when none does.
        public var progress: Int?
        /// What to tell the user about the last sync: why it failed, or what a success left out
        /// (skipped records, a warning); `nil` after a success with nothing to add.
        public var message: String?

        /// Creates the group; nothing synced yet.
        ///
        /// ```swift
        /// Roger.Sys(last: .success)
        /// ```
        public init(last: Signal = .ready, progress: Int? = nil, message: String? = nil) {
            self.last = last
            self.progress = progress
            self.message = message
        }
    }

    /// Where the user is.
    ///
    /// ```swift
    /// appState.value.route.uis   // the person on screen
    /// ```
    public struct Route: Equatable, Sendable {
        /// The person on screen, if any.
        public var uis: Person.ID?

        /// Creates the group; no person on screen.
        ///
        /// ```swift
        /// Roger.Route(uis: "42")
        /// ```
        public init(uis: Person.ID? = nil) {
            self.uis = uis
        }
    }

    /// The people list: its criteria, and the page the list query last read for them.
    ///
    /// ```swift
    /// appState.stored(\.query.metas)
    /// ```
    public struct Query: Equatable, Sendable {
        /// Names starting with this text; empty for everyone.
        public var search: String
        /// Only this region, or everyone.
        public var region: String?
        /// The page shown, from 0.
        public var page: Int
        /// The rows of the page shown.
        public var metas: [Person.Meta]
        /// How many people match the criteria (a search stops counting at `MetaPage.countLimit`).
        public var total: Int
        /// Whether `total` stopped counting.
        public var isTotalCapped: Bool
        /// What `metas` were read for; `nil` until the list query first ran.
        public var listed: PageRequest?
        /// Why the list could not be read, for the user; `nil` when it was.
        public var message: String?

        /// Creates the group; everyone, first page, nothing read yet.
        ///
        /// ```swift
        /// Roger.Query(search: "ad")
        /// ```
        public init(
            search: String = "", region: String? = nil, page: Int = 0, metas: [Person.Meta] = [], total: Int = 0,
            isTotalCapped: Bool = false, listed: PageRequest? = nil, message: String? = nil
        ) {
            self.search = search
            self.region = region
            self.page = page
            self.metas = metas
            self.total = total
            self.isTotalCapped = isTotalCapped
            self.listed = listed
            self.message = message
        }

        /// Whether a search or a region narrows the list: an empty one then means no match, not
        /// an empty directory.
        ///
        /// ```swift
        /// Roger.Query(search: "ad").isFiltered   // true
        /// ```
        public var isFiltered: Bool { !search.isEmpty || region != nil }

        /// How many pages the total makes (at least one).
        ///
        /// ```swift
        /// "page \(query.page + 1) of \(query.pageCount)"
        /// ```
        public var pageCount: Int {
            MetaPage(metas: [], total: total).pageCount
        }
    }

    /// The outcome of the last sync, as the article's signal: failure -1, ready 0, success 1.
    ///
    /// ```swift
    /// Signal.success.rawValue   // 1
    /// ```
    public enum Signal: Int, Sendable {
        case failure = -1
        case ready = 0
        case success = 1
    }
}
