import Logging
import NIOConcurrencyHelpers
import Persons
import PersonsWorker
import Pure

/// The one container. At start-up it is the factory that builds every worker; afterwards it is
/// the service container screens see as ``Persons/Serving``. It owns the app state and is the
/// only place that changes it: in its use cases, one file each under `Usecase/`, and the helpers
/// they share, here and beside it (the one write path, `write(_:)`; the address book's exchange).
/// A test may also set a state no use case reaches, through ``update(fileID:function:_:)``.
///
/// It is also the app's composition root: ``open(_:journal:)`` builds and prepares it the same
/// way for every command, and as a `Service` (``run()``) it runs the app's long-running work,
/// when its `Timetable` says (the syncs asked for, the exchanges with the address book).
///
/// ```swift
/// let vessel = try await Vessel.open(VesselConfiguration(databasePath: path))
/// let person = try await vessel.loadPersonAction("42")
/// ```
public final class Vessel: Serving {
    let storage: MutableStore<Roger>
    let personDBWork: any PersonDBWork
    /// Where the lists' pages are read: the database worker, unless a test answers them
    /// otherwise (a replay's recorded pages, a query changed as a bug would change it).
    let listDBWork: any ListDBWork
    /// Where the switches are read and saved: the database worker, unless a test watches them.
    let switchDBWork: any SwitchDBWork
    /// Built on first use: a command that never goes online never builds it.
    let personWebWork: LazyWorker<any PersonWebWork>
    let photoWork: any PhotoWork
    /// The address book the people are kept in step with, if one is given (`--carddav`).
    let addressBookWork: (any AddressBookWork)?
    /// The address book the exchanges are with, once known (see `linkedBook(from:)`): the one
    /// given, or the book of the account given that the people are linked with, that the user
    /// chose, or its only one.
    let chosenBook = NIOLockedValueBox<(any AddressBookWork)?>(nil)
    /// How many deletions one pull of the address book makes here without asking.
    let deletionGuard: DeletionGuard
    /// When the syncs and the exchanges with the address book run.
    let timetable: Timetable
    let logger: Logger
    /// The switches as the file last held them, as far as this vessel knows (what it read, what
    /// it wrote): the vessel follows the file's changes, not the state's (see
    /// `followSwitches`).
    let knownSwitches: NIOLockedValueBox<KnownSwitches>
    /// The order of the open lists' reads.
    let listReads = SceneReads<ListCriteria>()
    /// The order of the reads shown beside the lists (`Roger.sideReads`), by name.
    let sideReads = SceneReads<String>()
    /// The order of the open people's reads.
    let personReads = SceneReads<Person.ID>()

    /// The app state, read-only.
    public var appState: AppState { storage.store }

    /// Where every change of the app state, the open lists' included, is recorded, if the vessel
    /// was given a journal (`pure --trace`, `pure serve --inspector`).
    public var journal: Journal<Roger>? { storage.journal }

    /// The Vessel every command and the benchmarks start from: built from `configuration`, with
    /// the persisted switches in its state.
    ///
    /// ```swift
    /// let vessel = try await Vessel.open(VesselConfiguration(databasePath: path))
    /// ```
    public static func open(
        _ configuration: VesselConfiguration, journal: Journal<Roger>? = nil
    ) async throws(Fizzle)
        -> Vessel
    {
        let vessel = try Vessel(configuration, journal: journal)
        try await vessel.prepare()
        return vessel
    }

    /// Builds every worker from `configuration`: opens (or creates) the database now, and the
    /// web worker when a use case first needs it. With a `journal`, every change of the app
    /// state is recorded in it.
    convenience init(_ configuration: VesselConfiguration, journal: Journal<Roger>? = nil) throws(Fizzle) {
        let logger = Logger(label: "pure.vessel")
        let db = try PersonDBWorker(path: configuration.databasePath)
        let book = try configuration.addressBook.map { (book) throws(Fizzle) in
            try AddressBookWorker(address: book.address, user: book.user, password: book.password)
        }
        self.init(
            db: db, photos: PhotoFolder(besideDatabaseAt: configuration.databasePath),
            web: { () throws(Fizzle) -> any PersonWebWork in
                try PersonWebWorker(
                    address: configuration.apiAddress, timeout: configuration.timeout,
                    attempts: configuration.attempts)
            },
            addressBook: book, pullEvery: configuration.addressBook?.pullEvery ?? .seconds(60),
            deletions: configuration.addressBook?.deletions ?? DeletionGuard(), journal: journal, logger: logger)
    }

    /// A vessel on given workers: how tests plug in workers in memory. The lists' pages are read
    /// from `db` unless `lists` answers them, and the switches unless `switches` keeps them.
    ///
    /// ```swift
    /// let db = try PersonDBWorker(database: DatabaseQueue())
    /// let vessel = Vessel(db: db, photos: RecordingPhotos(), web: { RecordingWeb() })
    /// ```
    public init(
        db: any PersonDBWork, lists: (any ListDBWork)? = nil, switches: (any SwitchDBWork)? = nil,
        photos: any PhotoWork,
        web: @escaping @Sendable () throws(Fizzle) -> any PersonWebWork,
        addressBook: (any AddressBookWork)? = nil, pullEvery: Duration = .seconds(60),
        saveSettles: Duration = .milliseconds(500),
        deletions: DeletionGuard = DeletionGuard(), state: Roger = Roger(), journal: Journal<Roger>? = nil,
        logger: Logger = Logger(label: "pure.vessel")
    ) {
        storage = MutableStore(state, journal: journal)
        knownSwitches = NIOLockedValueBox(KnownSwitches(values: state.field))
        personDBWork = db
        listDBWork = lists ?? db
        switchDBWork = switches ?? db
        photoWork = photos
        addressBookWork = addressBook
        timetable = Timetable(pullEvery: pullEvery, saveSettles: saveSettles)
        deletionGuard = deletions
        personWebWork = LazyWorker(web)
        self.logger = logger
    }

    /// Changes the state as a use case would, for a test that needs a state no use case reaches
    /// from where it stands (a sync under way, a failure). The journal names the caller.
    ///
    /// ```swift
    /// vessel.update { $0.sys.sync = .loading(permille: 300) }
    /// ```
    @_spi(Testing) public func update(
        fileID: StaticString = #fileID, function: StaticString = #function, _ change: (inout Roger) -> Void
    ) {
        storage.update(fileID: fileID, function: function, change)
    }

    /// Puts the persisted switches into the state, and what the address book's exchange keeps
    /// waiting: once, before screens appear.
    func prepare() async throws(Fizzle) {
        let switches = try await switchDBWork.readSwitches()
        let book = try await personDBWork.readAddressBookStatus()
        knownSwitches.withLockedValue { $0.values = switches }
        storage.update {
            $0.field = switches
            $0.sys.book = book
        }
    }
}

/// The switches as the file last held them, as far as a vessel knows; how many switch actions
/// are saving one now (while one is, what the file holds is that action's to show); and how many
/// have started, so that a read of the file begun before one of them is not taken for news.
struct KnownSwitches {
    var values: Switches
    var saving = 0
    var actions = 0
}
