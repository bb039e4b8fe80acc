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
        /// While a sync runs, where it is: its page, the people stored, whether it waits.
        public var step: SyncStep?

        /// Creates the group; nothing synced yet.
        ///
        /// ```swift
        /// Roger.Sys(sync: .success(nil))
        /// ```
        public init(sync: UiState<String?> = .ready, step: SyncStep? = nil) {
            self.sync = sync
            self.step = step
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

    /// The people list: what the user narrowed it to, and the page the list query last read
    /// for that.
    ///
    /// ```swift
    /// appState.stored(\.query.result.metas)
    /// ```
    public struct Query: Equatable, Sendable {
        /// The search, the region and the page the user chose.
        public var criteria: ListCriteria
        /// The page read for them: its rows and how many people match in all.
        public var result: MetaPage
        /// What `result` was read for; `nil` until the list query first ran.
        public var listed: PageRequest?
        /// Why the list could not be read, for the user; `nil` when it was.
        public var message: String?

        /// Creates the group; everyone, first page, nothing read yet.
        ///
        /// ```swift
        /// Roger.Query(criteria: ListCriteria(search: "ad"))
        /// ```
        public init(
            criteria: ListCriteria = ListCriteria(), result: MetaPage = MetaPage(metas: [], total: 0),
            listed: PageRequest? = nil, message: String? = nil
        ) {
            self.criteria = criteria
            self.result = result
            self.listed = listed
            self.message = message
        }
    }
}
