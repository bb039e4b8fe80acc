/// When a pull that would delete people here stops and asks instead, as vdirsyncer's
/// `StorageEmpty` does: an address book emptied by another client (or deleted and made again, or
/// one that answered once as if empty) would otherwise take every person here with it. A pull
/// that would delete every person linked with the book, more than ``mostPeople`` of them, or more
/// than ``mostPercent`` percent of them (two or more) deletes nobody, and says what it found.
///
/// ```swift
/// DeletionGuard().asks(deleting: 100, of: 100)   // true: everyone
/// DeletionGuard().asks(deleting: 3, of: 100)     // false
/// ```
public struct DeletionGuard: Equatable, Sendable {
    /// The most people one pull deletes without asking.
    public var mostPeople: Int
    /// The largest share of the linked people, in percent, one pull deletes without asking.
    public var mostPercent: Int

    /// A guard of these limits: by default 25 people, and half of them.
    public init(mostPeople: Int = 25, mostPercent: Int = 50) {
        self.mostPeople = mostPeople
        self.mostPercent = mostPercent
    }

    /// Whether deleting `deleted` of the `linked` people here asks the user first.
    public func asks(deleting deleted: Int, of linked: Int) -> Bool {
        guard deleted > 0 else { return false }
        return deleted >= linked || deleted > mostPeople || (deleted > 1 && deleted * 100 > mostPercent * linked)
    }
}
