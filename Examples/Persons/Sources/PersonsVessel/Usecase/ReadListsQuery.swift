import Persons

// Query: reads the open lists' pages, for their criteria in the order the region switch asks for,
// and the counts their search form offers: when a list opens, when the switch changes (the pages),
// when the stored people change (both, shown together).
extension Vessel {
    /// Reads the page of each list of `criteria` (every open list when `nil`) at once and, when
    /// `counting`, the counts their search form offers, and puts them in the state in one update:
    /// every open page of every list gets its rows, its count and the counts beside its filters in
    /// one message, not one for its rows and one more for the counts (BENCHMARKS.md). A failed
    /// read keeps a list's rows, or the counts, and says why. A read that ends after a later one
    /// of the same list (or of the counts) began is not shown (``SceneReads``).
    func readLists(_ criteria: [ListCriteria]? = nil, counting: Bool = false) async {
        let state = appState.value
        let lists = criteria ?? state.lists.keys
        guard !lists.isEmpty else { return }
        let isRegion = state.field.isRegion
        let stamp = listReads.begin()
        let countStamp = counting ? countReads.begin() : nil
        async let counts = counting ? countPeople() : nil
        let reads = await withTaskGroup(of: (PageRequest, Result<MetaPage, Fizzle>).self) { group in
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
            return await group.reduce(into: []) { $0.append($1) }
        }
        show(lists: (reads, stamp), counts: await counts.map { ($0, countStamp ?? 0) })
    }

    /// Reads how many people have each value of each filter (``Persons/Roger/Sys/counts``), apart
    /// from the rows: one small read of the lists' count table, shown in one change. A failed read
    /// keeps the counts shown and logs why; a read that ends after a later one began is not shown.
    func readCounts() async {
        let stamp = countReads.begin()
        let counts = await countPeople()
        show(lists: nil, counts: (counts, stamp))
    }

    /// How many people have each value of each filter, or why they could not be counted.
    private func countPeople() async -> Result<[ListFilter: [String: Int]], Fizzle> {
        do throws(Fizzle) {
            return .success(try await listDBWork.countPeople())
        } catch {
            return .failure(error)
        }
    }

    /// Puts each of the `lists` read, or why it could not be read, and the `counts` read, in the
    /// state, in one update, unless a later read of it showed one.
    private func show(
        lists: (reads: [(PageRequest, Result<MetaPage, Fizzle>)], stamp: UInt64)?,
        counts: (read: Result<[ListFilter: [String: Int]], Fizzle>, stamp: UInt64)?
    ) {
        let (reads, stamp) = lists ?? ([], 0)
        for case (let request, .failure(let error)) in reads {
            logger.error("list query for \(request): \(error.message)")
        }
        if case .failure(let error)? = counts?.read {
            logger.error("counting the people by each filter: \(error.message)")
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
            if let counts, case .success(let read) = counts.read,
                countReads.isNewest(counts.stamp, of: ListFilter.allCases)
            {
                state.sys.counts = read
            }
        }
    }
}
