import Persons

// Action: downloads people and stores them as they are decoded, with progress and the outcome
// in `sys`. The database write is one transaction, so a failure leaves earlier data as it was.
// A download with no usable person is a failure; skipped records are told, not only logged.
extension Vessel {
    /// Downloads people, stores them, and reports progress and the outcome in the state.
    public var syncPersonsAction: SyncPersonsUsecase {
        { [self] count throws(Fizzle) in try await syncPersons(count: count) }
    }

    func syncPersons(count: Int) async throws(Fizzle) -> SyncReport {
        let started = storage.update { state in
            if case .loading = state.sys.sync { return }
            state.sys.sync = .loading(permille: 0)
        }
        guard started else { throw .syncUnderWay }
        do throws(Fizzle) {
            let batches = try personWebWork.value().downloadPersons(count: count)
            let report = try await personDBWork.savePersons(batches, expected: count) { [storage] permille in
                storage.update { $0.sys.sync = .loading(permille: permille) }
            }
            guard report.stored > 0 else { throw .nothingToStore(report.skipped) }
            let note =
                report.isNoteworthy
                ? ([report.message] + [report.warning].compactMap { $0 }).joined(separator: " ") : nil
            storage.update { $0.sys.sync = .success(note) }
            return report
        } catch {
            storage.update { $0.sys.sync = .failure(error.message) }
            throw error
        }
    }

    /// On the first launch (no people stored yet), syncs ``Persons/defaultSyncCount`` people; otherwise
    /// signals that the stored people are ready. Failures end up in `sys`, for screens to show.
    /// Part of the Vessel's ``run()``.
    func firstLaunch() async {
        do {
            if try await personDBWork.countPersons() > 0 {
                storage.update { $0.sys.sync = .success(nil) }
            } else {
                _ = try await syncPersons(count: defaultSyncCount)
            }
        } catch {
            logger.warning("first launch: \(error.message)")
            storage.update { $0.sys.sync = .failure(error.message) }
        }
    }
}
