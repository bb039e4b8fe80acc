import Persons

// Query: keeps `query` in the state in step with the database, one way: whenever the criteria
// (search, region, page, the region switch) or the stored people change, it reads the page
// and puts it in the state; and keeps the switches in step with the file, which another
// process may write. The actions that change the criteria read it themselves before
// they return, so their callers find the list already read; the query then has nothing to do.
extension Vessel {
    /// Runs the list query until the task is cancelled: part of the Vessel's ``run()``.
    func runListQuery() async {
        // A trigger says whether the stored people changed (then the page is read again even if
        // it was read for these criteria); the newest one waiting is enough.
        let (triggers, trigger) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [appState] in
                for await _ in appState.stored(\.pageRequest) { trigger.yield(false) }
            }
            group.addTask { [self] in
                for await _ in personDBWork.changes() {
                    // Another process (a second server, a command) may have flipped a switch.
                    await followSwitches()
                    trigger.yield(true)
                }
            }
            group.addTask { [self] in
                for await storedPeopleChanged in triggers { await refreshList(again: storedPeopleChanged) }
            }
        }
    }

    /// Reads the page the state asks for and puts it in the state, unless the criteria moved
    /// on meanwhile (the next trigger reads again). A failed read keeps the rows and says why.
    /// Unless `again`, a page already read for these criteria is not read twice.
    func refreshList(again: Bool = false) async {
        let state = storage.value
        let request = state.pageRequest
        guard again || state.query.listed != request else { return }
        do {
            let page = try await personDBWork.readMetas(request)
            storage.update { state in
                guard state.pageRequest == request else { return }
                state.query.result = page
                state.query.listed = request
                state.query.message = nil
            }
        } catch {
            logger.error("list query for \(request): \(error.message)")
            storage.update { state in
                guard state.pageRequest == request else { return }
                state.query.listed = request
                state.query.message = error.message
            }
        }
    }

    /// Puts the switches the file holds into the state when the file changed them since this
    /// vessel last knew (``knownSwitches``): a state restored apart from the file stays. Unless a
    /// switch action changed the state while they were read (its own write then comes next).
    func followSwitches() async {
        let shown = storage.value.field
        guard let stored = try? await personDBWork.readSwitches() else { return }
        let changed = knownSwitches.withLock { known in
            defer { known = stored }
            return known != stored
        }
        guard changed, stored != shown else { return }
        storage.update { state in
            if state.field == shown { state.field = stored }
        }
    }
}
