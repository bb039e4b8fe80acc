import Persons
import ServiceLifecycle

// The composition root's other half: the app's long-running work, run by the service group
// beside the web server, so that shutdown stops all of it.
extension Vessel: Service {
    /// Runs until shutdown (or cancellation): the first launch's sync, following the file's
    /// changes, the syncs screens ask for (``requestSyncAction``), and the exchanges with the
    /// address book, if one is set (``requestAddressBookSyncAction``).
    ///
    /// ```swift
    /// let vessel = try await Vessel.open(configuration)
    /// let group = ServiceGroup(configuration: .init(services: [server, vessel], logger: logger))
    /// try await group.run()
    /// ```
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.followStoredChanges() }
                group.addTask { await self.firstLaunch() }
                group.addTask { await self.runRequestedSyncs() }
                group.addTask { await self.keepAddressBookInStep() }
            }
        }
    }
}
