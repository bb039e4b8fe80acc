import Pure

extension Roger {
    /// What the app is doing: the sync of people, as a ``Pure/UiState``.
    ///
    /// ```swift
    /// if let message = appState.value.sys.sync.message { showRetry(message) }
    /// ```
    public struct Sys: Equatable, Sendable {
        /// The sync of people: `ready` before the first, `loading` with its progress while one
        /// runs, `success` with what to tell the user (records left out, a warning; `nil` when
        /// nothing), `failure` with why.
        public var sync: UiState<String?>

        /// Creates the group; nothing synced yet.
        ///
        /// ```swift
        /// Roger.Sys(sync: .success(nil))
        /// ```
        public init(sync: UiState<String?> = .ready) {
            self.sync = sync
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
}
