import Persons

// Query: reads the open lists' pages, for their criteria in the order the region switch asks for:
// when a list opens, when the switch changes, when the stored people change.
extension Vessel {
    /// Reads the page of each list of `criteria` (every open list when `nil`) at once, and puts
    /// each in the state as its read ends, so that a list's pages show it without waiting for
    /// the others. A failed read keeps a list's rows and says why. A read that ends after a later
    /// one of the same list began is not shown (``ListReads``).
    func readLists(_ criteria: [ListCriteria]? = nil) async {
        let state = appState.value
        let lists = criteria ?? state.lists.keys
        guard !lists.isEmpty else { return }
        let isRegion = state.field.isRegion
        let stamp = listReads.begin()
        await withTaskGroup(of: (PageRequest, Result<MetaPage, Fizzle>).self) { group in
            for list in lists {
                let request = PageRequest(criteria: list, isRegion: isRegion)
                group.addTask { [personDBWork] in
                    do throws(Fizzle) {
                        return (request, .success(try await personDBWork.readMetas(request)))
                    } catch {
                        return (request, .failure(error))
                    }
                }
            }
            for await (request, read) in group {
                show(read, of: request, stamped: stamp)
            }
        }
    }

    /// Puts a list's page, or why it could not be read, in the state, unless a later read of it
    /// showed one.
    private func show(_ read: Result<MetaPage, Fizzle>, of request: PageRequest, stamped stamp: UInt64) {
        if case .failure(let error) = read { logger.error("list query for \(request): \(error.message)") }
        storage.update { state in
            guard listReads.isNewest(stamp, of: request.criteria) else { return }
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

    /// Returns once every open list is read for the region switch as the state has it.
    func listsFollowSwitches() async {
        let caughtUp = appState.stored { state in
            state.lists.keys.allSatisfy { state.lists[$0]?.listed?.isRegion == state.field.isRegion }
        }
        for await isCaughtUp in caughtUp where isCaughtUp { return }
    }
}
