import Persons

// Action: the user's say on the deletions a pull held back (the home page's two buttons, `pure
// carddav sync --accept-deletions` or `--put-back`). Handed out as a closure.
extension Vessel {
    /// Deletes the people held here too (`accept`; kept a while among the deleted), or puts them
    /// back in the address book at the next exchange; returns what was done, in words.
    public var settleDeletionsAction: SettleDeletionsUsecase {
        storage.recording { [self] accept throws(Fizzle) in
            try await write { () throws(Fizzle) in
                let count = try await personDBWork.settleHeldDeletions(accept: accept)
                let people = "\(count) \(count == 1 ? "person" : "people")"
                let message =
                    accept
                    ? "Deleted \(people) here too; they can be brought back for \(DeletedPerson.keptDays) days."
                    : "\(people.prefix(1).uppercased() + people.dropFirst()) will be put back in the address book at the next exchange."
                return (message, Touched(people: nil, outcome: .success(message), exchange: accept ? .none : .now))
            }
        }
    }
}
