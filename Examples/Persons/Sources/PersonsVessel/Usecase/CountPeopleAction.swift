import Persons

// Action: how many people have each value of a filter (`pure list --count-by region`). Handed
// out as a closure.
extension Vessel {
    /// How many people have each value of `filter`, as the database counts them for the lists.
    public var countPeopleAction: CountPeopleUsecase {
        storage.recording { [listDBWork] (filter: ListFilter) throws(Fizzle) in
            try await listDBWork.countPeople()[filter] ?? [:]
        }
    }
}
