import Logging
import Persons
import PersonsWorker
import Pure

/// The one container. At start-up it is the factory that builds every worker; afterwards it is
/// the service container screens see as ``Persons/Serving``. It owns the app state and is the
/// only place that changes it: in use cases, one file each under `Usecase/`.
///
/// ```swift
/// let vessel = try Vessel(VesselConfiguration(databasePath: path))
/// try await vessel.prepare()
/// let person = try await vessel.loadPersonAction("42")
/// ```
public final class Vessel: Serving {
    let storage: MutableStore<Roger>
    let personDBWork: any PersonDBWork
    /// Built on first use: a command that never goes online never builds it.
    let personWebWork: LazyWorker<any PersonWebWork>
    let logger: Logger

    /// The app state, read-only.
    public var appState: AppState { storage.store }

    /// Where every change of the app state is recorded, if the vessel was given a journal
    /// (`pure --trace`, `pure serve --inspector`).
    public var journal: Journal<Roger>? { storage.journal }

    /// Builds every worker from `configuration`: opens (or creates) the database now, and the
    /// web worker when a use case first needs it. With a `journal`, every change of the app
    /// state is recorded in it.
    public convenience init(_ configuration: VesselConfiguration, journal: Journal<Roger>? = nil) throws(Fizzle) {
        let logger = Logger(label: "pure.vessel")
        let db = try PersonDBWorker(path: configuration.databasePath)
        self.init(
            db: db,
            web: { () throws(Fizzle) -> any PersonWebWork in
                try PersonWebWorker(
                    address: configuration.apiAddress, timeout: configuration.timeout,
                    attempts: configuration.attempts)
            },
            journal: journal, logger: logger)
    }

    /// A vessel on given workers: how tests plug in recording workers.
    ///
    /// ```swift
    /// let vessel = Vessel(db: RecordingDB(), web: { RecordingWeb() })
    /// ```
    public init(
        db: any PersonDBWork, web: @escaping @Sendable () throws(Fizzle) -> any PersonWebWork,
        state: Roger = Roger(), journal: Journal<Roger>? = nil, logger: Logger = Logger(label: "pure.vessel")
    ) {
        storage = MutableStore(state, journal: journal)
        personDBWork = db
        personWebWork = LazyWorker(web)
        self.logger = logger
    }

    /// Puts the persisted switches into the state. Run once before screens appear.
    public func prepare() async throws(Fizzle) {
        let switches = try await personDBWork.readSwitches()
        storage.update { $0.field = switches }
    }
}
