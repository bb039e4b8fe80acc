import Persons
import Pure

// The one write path. Every use case that changes what is stored (a person edited, added,
// deleted, restored, a conflict resolved, held deletions settled, an exchange with the address
// book, a directory sync), a switch or the address book chosen writes through `write(_:)`, and
// says what its write touched; the path then does what that calls for, once and in order. No use
// case reads a scene or asks for an exchange of its own.
extension Vessel {
    /// What a write touched, as its use case tells ``write(_:)``.
    struct Touched: Sendable {
        /// The people the write changed: every open list is read again with its counts, and the
        /// open pages of these people (of every person when `nil`). None when empty.
        var people: [Person.ID]?
        /// The order the lists are read in changed (the region switch): every open list is read
        /// again in it.
        var order = false
        /// The choices between two values the write ended, by person: the fields (every field when
        /// `nil`: the person is gone), as the database ended them.
        var settled: [Person.ID: [PersonField]?] = [:]
        /// The address book's status is read again (what waits, the people deleted lately): the
        /// write changed more of it than the choices it ended.
        var status = false
        /// How an exchange with the address book ended (or what a settle did), to show with the
        /// status read again.
        var outcome: UiState<String>?
        /// When the exchange with the address book is asked for.
        var exchange = Exchange.none

        /// When a write asks for the exchange with the address book.
        enum Exchange: Sendable {
            /// Not at all: the write is the exchange's, or changes nothing the address book has.
            case none
            /// Once the saves here have settled (``Timetable/saveSettles``): saves in a row go out
            /// together. Nothing without an address book.
            case soon
            /// At once: the user asked for it.
            case now
        }
    }

    /// Runs `write` (one call to a worker, each a transaction), then, once and in this order:
    /// ends the choices the write settled, in the state; reads the address book's status again,
    /// with the `outcome` to show, where the write asks for it; reads exactly the scenes the write
    /// touched; asks for the exchange with the address book. Returns what `write` returned.
    func write<Value: Sendable>(
        _ write: () async throws(Fizzle) -> (Value, Touched)
    ) async throws(Fizzle) -> Value {
        let (value, touched) = try await write()
        await follow(touched)
        return value
    }

    /// What ``write(_:)`` does after the write: also what a state restored from the journal
    /// calls for (`restoreStateAction`).
    func follow(_ touched: Touched) async {
        var book = appState.value.sys.book
        for (id, fields) in touched.settled { book.endChoices(of: id, fields) }
        if book != appState.value.sys.book {
            storage.update { state in
                for (id, fields) in touched.settled { state.sys.book.endChoices(of: id, fields) }
            }
        }
        if touched.status || touched.outcome != nil {
            let status = try? await personDBWork.readAddressBookStatus()
            storage.update { state in
                if let outcome = touched.outcome { state.sys.addressBook = outcome }
                if let status { state.sys.book = status }
            }
        }
        let changed = touched.people.map { !$0.isEmpty } ?? true
        if changed {
            await readScenes(people: touched.people)
        } else if touched.order {
            await readLists()
        }
        switch touched.exchange {
        case .none: break
        case .soon: if addressBookWork != nil { timetable.exchangeSoon() }
        case .now: timetable.requestExchange()
        }
    }
}
