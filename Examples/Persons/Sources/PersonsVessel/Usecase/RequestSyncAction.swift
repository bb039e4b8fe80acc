import Persons

// Action: asks for a sync without waiting for it (the page's re-sync button). The sync runs in
// the Vessel's own work (`run()`), so shutdown stops it; its progress and outcome arrive in
// `sys`, as those of any sync.
extension Vessel {
    /// Asks for a sync of this many people; a request made while one is waiting replaces it.
    public var requestSyncAction: RequestSyncUsecase {
        storage.recording { [timetable] count in timetable.requestSync(count) }
    }

    /// Runs the requested syncs, one at a time, until the task is cancelled.
    func runRequestedSyncs() async {
        await timetable.runSyncs { count in
            do throws(Fizzle) {
                _ = try await syncPersons(count: count)
            } catch {
                logger.warning("requested sync: \(error.message)")
            }
        }
    }
}
