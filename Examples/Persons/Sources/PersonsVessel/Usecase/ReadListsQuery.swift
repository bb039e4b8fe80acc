import Persons

// Query: reads the open lists' pages, for their criteria in the order the region switch asks for,
// and the counts their search form offers: when a list opens, when the switch changes (the pages),
// when the stored people change.
extension Vessel {
    /// Reads the page of each list of `criteria` (every open list when `nil`) at once, and puts
    /// them in the state in about eight updates, each with the reads ended since the one before:
    /// the first lists show without waiting for the last, and a hundred lists cost the pages a
    /// few comparisons, not a hundred (BENCHMARKS.md). A failed read keeps a list's rows and says
    /// why. A read that ends after a later one of the same list began is not shown
    /// (``SceneReads``).
    func readLists(_ criteria: [ListCriteria]? = nil) async {
        let state = appState.value
        let lists = criteria ?? state.lists.keys
        guard !lists.isEmpty else { return }
        let isRegion = state.field.isRegion
        let stamp = listReads.begin()
        await withTaskGroup(of: (PageRequest, Result<MetaPage, Fizzle>).self) { group in
            for list in lists {
                let request = PageRequest(criteria: list, isRegion: isRegion)
                group.addTask { [listDBWork] in
                    do throws(Fizzle) {
                        // The page is bound before the pair is made: Swift 6.3.1 -O loses the
                        // request of `return (request, … try await …)` here (ReleaseBuildTests).
                        let page = try await listDBWork.readMetas(request)
                        return (request, .success(page))
                    } catch {
                        return (request, .failure(error))
                    }
                }
            }
            let batch = (lists.count + 7) / 8
            var (ended, waiting) = (0, [(PageRequest, Result<MetaPage, Fizzle>)]())
            for await read in group {
                ended += 1
                waiting.append(read)
                guard waiting.count >= batch || ended == lists.count else { continue }
                show(waiting, stamped: stamp)
                waiting = []
            }
        }
    }

    /// Puts each list's page, or why it could not be read, in the state, unless a later read of
    /// it showed one.
    private func show(_ reads: [(PageRequest, Result<MetaPage, Fizzle>)], stamped stamp: UInt64) {
        for case (let request, .failure(let error)) in reads {
            logger.error("list query for \(request): \(error.message)")
        }
        storage.update { state in
            for (request, read) in reads where listReads.isNewest(stamp, of: request.criteria) {
                state.lists.update(request.criteria) { list in
                    list.listed = request
                    switch read {
                    case .success(let page):
                        list.result = page
                        list.message = nil
                    case .failure(let error):
                        list.message = error.message
                    }
                }
            }
        }
    }

    /// Reads how many people have each value of each filter (``Persons/Roger/Sys/counts``), apart
    /// from the rows: one small read of the lists' count table, shown in one change. A failed read
    /// keeps the counts shown and logs why; a read that ends after a later one began is not shown.
    func readCounts() async {
        let stamp = countReads.begin()
        do throws(Fizzle) {
            let counts = try await listDBWork.countPeople()
            storage.update { state in
                if countReads.isNewest(stamp, of: ListFilter.allCases) { state.sys.counts = counts }
            }
        } catch {
            logger.error("counting the people by each filter: \(error.message)")
        }
    }

    /// Returns once every open list is read for the region switch as the state has it.
    func listsFollowSwitches() async {
        let caughtUp = appState.stored { state in
            state.lists.keys.allSatisfy { state.lists[$0]?.listed?.isRegion == state.field.isRegion }
        }
        for await isCaughtUp in caughtUp where isCaughtUp { return }
    }
}
