import Persons

// Query: reads the open lists' pages, for their criteria in the order the region switch asks for,
// and the reads shown beside them (the counts their search form offers: `Roger.sideReads`): when a
// list opens, when the switch changes (the pages), when the stored people change (both, shown
// together).
extension Vessel {
    /// Reads the page of each list of `criteria` (every open list when `nil`) at once and, when
    /// `counting`, the reads shown beside them (``Persons/Roger/sideReads``), and puts them in the
    /// state in one update: every open page of every list gets its rows, its count and the counts
    /// beside its filters in one message, not one for its rows and one more for the counts
    /// (BENCHMARKS.md). A failed read keeps a list's rows, or a side read's value, and says why. A
    /// read that ends after a later one of the same list (or side read) began is not shown
    /// (``SceneReads``).
    func readLists(_ criteria: [ListCriteria]? = nil, counting: Bool = false) async {
        let state = appState.value
        let lists = criteria ?? state.lists.keys
        guard !lists.isEmpty else { return }
        let isRegion = state.field.isRegion
        let stamp = listReads.begin()
        let sideStamp = counting ? sideReads.begin() : nil
        async let sides = counting ? sideValues() : nil
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
        show(lists: (reads, stamp), sides: await sides.map { ($0, sideStamp ?? 0) })
    }

    /// Reads what is shown beside the lists (``Persons/Roger/sideReads``: how many people have
    /// each value of each filter), apart from the rows: small reads, shown in one change. A failed
    /// read keeps its value shown and logs why; a read that ends after a later one began is not
    /// shown.
    func readSides() async {
        let stamp = sideReads.begin()
        let sides = await sideValues()
        show(lists: nil, sides: (sides, stamp))
    }

    /// Each read shown beside the lists, one after the other (small reads, made beside the
    /// lists' pages): its value, or why it could not be read.
    private func sideValues() async -> [(any SideReading, Result<any Sendable, Fizzle>)] {
        var values: [(any SideReading, Result<any Sendable, Fizzle>)] = []
        for side in Roger.sideReads {
            do throws(Fizzle) {
                let value = try await side.read(with: listDBWork)
                values.append((side, .success(value)))
            } catch {
                values.append((side, .failure(error)))
            }
        }
        return values
    }

    /// Puts each of the `lists` read, or why it could not be read, and each of the `sides` read,
    /// in the state, in one update, unless a later read of it showed one.
    private func show(
        lists: (reads: [(PageRequest, Result<MetaPage, Fizzle>)], stamp: UInt64)?,
        sides: (reads: [(any SideReading, Result<any Sendable, Fizzle>)], stamp: UInt64)?
    ) {
        let (reads, stamp) = lists ?? ([], 0)
        for case (let request, .failure(let error)) in reads {
            logger.error("list query for \(request): \(error.message)")
        }
        for case (let side, .failure(let error)) in sides?.reads ?? [] {
            logger.error("reading \(side.name) beside the lists: \(error.message)")
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
            for case (let side, .success(let value)) in sides?.reads ?? []
            where sideReads.isNewest(sides?.stamp ?? 0, of: side.name) {
                side.put(value, in: &state)
            }
        }
    }
}
