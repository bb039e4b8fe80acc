import Persons

// Query: reads the open people again: when one opens, and when the stored people change.
extension Vessel {
    /// Reads each open person of `ids` (every open person when `nil`), with their conflicts, at
    /// once and puts them in the state in one update, unless a read of the same person that
    /// began later showed one (``SceneReads``). A person no longer stored is marked deleted, keeping what was last
    /// read; a failed read keeps the person and says why. Returns the failures, by id.
    @discardableResult
    func readPeople(_ ids: [Person.ID]? = nil) async -> [Person.ID: Fizzle] {
        let open = ids ?? appState.value.people.keys
        guard !open.isEmpty else { return [:] }
        let stamp = personReads.begin()
        typealias Read = Result<(Person, [PersonConflict]), Fizzle>
        let reads = await withTaskGroup(of: (Person.ID, Read).self) { group in
            for id in open {
                group.addTask { [personDBWork] in
                    do throws(Fizzle) {
                        // Each read is bound before the pair is made: Swift 6.3.1 -O loses the
                        // id of `return (id, … try await …)` in a closure's `do` (ReleaseBuildTests).
                        let person = try await personDBWork.readPerson(id: id)
                        let conflicts = try await personDBWork.readConflicts(id: id)
                        return (id, .success((person, conflicts)))
                    } catch {
                        return (id, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [(Person.ID, Read)]()) { $0.append($1) }
        }
        var failures: [Person.ID: Fizzle] = [:]
        storage.update { state in
            for (id, read) in reads where personReads.isNewest(stamp, of: id) {
                state.people.update(id) { scene in
                    switch read {
                    case .success(let (person, conflicts)):
                        scene.person = person
                        scene.conflicts = conflicts
                        scene.isDeleted = false
                        scene.message = nil
                    case .failure(let error) where error.isNotFound:
                        scene.isDeleted = true
                        failures[id] = error
                    case .failure(let error):
                        scene.message = error.message
                        failures[id] = error
                    }
                }
            }
        }
        for (id, error) in failures where !error.isNotFound { logger.error("reading person \(id): \(error.message)") }
        return failures
    }

    /// Reads again, once each, the open scenes a change of the stored people touched: every
    /// open list, with the counts the lists' search forms offer, and the open people of `ids`
    /// (every open person when `nil`).
    func readScenes(people ids: [Person.ID]? = nil) async {
        let open = appState.value.people.keys
        async let lists: Void = readLists(counting: true)
        async let people = readPeople(ids.map { ids in open.filter(ids.contains) } ?? open)
        _ = await (lists, people)
    }
}
