import Persons

// Query: keeps `query` in the state in step with the database, one way: whenever the criteria
// (search, region, page, the region switch) or the stored people change, it reads the page
// and puts it in the state.
extension Vessel {
    /// Runs the list query until the task is cancelled.
    ///
    /// ```swift
    /// let query = Task { await vessel.runListQuery() }
    /// defer { query.cancel() }
    /// ```
    public func runListQuery() async {
        let (triggers, trigger) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [appState] in
                for await _ in appState.stored(\.pageRequest) { trigger.yield() }
            }
            group.addTask { [personDBWork] in
                for await _ in personDBWork.changes() { trigger.yield() }
            }
            group.addTask { [self] in
                for await _ in triggers { await refreshList() }
            }
        }
    }

    /// Reads the page the state asks for and puts it in the state, unless the criteria moved
    /// on meanwhile (the next trigger reads again). A failed read keeps the rows and says why.
    func refreshList() async {
        let request = storage.value.pageRequest
        do {
            let page = try await personDBWork.readMetas(request)
            storage.update { state in
                guard state.pageRequest == request else { return }
                state.query.metas = page.metas
                state.query.total = page.total
                state.query.isTotalCapped = page.isTotalCapped
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
}
