import Persons
import Synchronization

/// The people lists open now, by their criteria: a list is kept weakly, so it lives exactly as
/// long as a screen holds it, and a second screen asking for the same criteria gets the same
/// list. The Vessel tells each of them once when the stored people change.
///
/// ```swift
/// let list = openLists.list(for: criteria) { PersonListQuery(criteria: criteria, …) }
/// openLists.forEach { $0.peopleChanged() }
/// ```
final class OpenLists: Sendable {
    private struct Held {
        weak var list: PersonListQuery?
    }

    private let lists = Mutex<[ListCriteria: Held]>([:])

    /// The list open for `criteria`, or the one `make` makes, kept from now on.
    func list(for criteria: ListCriteria, make: () -> PersonListQuery) -> PersonListQuery {
        lists.withLock { lists in
            if let open = lists[criteria]?.list { return open }
            // A list no screen holds any more has gone: its entry goes with the next one made.
            lists = lists.filter { $0.value.list != nil }
            let list = make()
            lists[criteria] = Held(list: list)
            return list
        }
    }

    /// How many lists are open.
    var count: Int { lists.withLock { $0.values.count { $0.list != nil } } }

    /// The lists open now.
    var all: [PersonListQuery] { lists.withLock { $0.values.compactMap(\.list) } }

    /// Calls `body` on every open list.
    func forEach(_ body: (PersonListQuery) -> Void) {
        for list in all { body(list) }
    }
}
