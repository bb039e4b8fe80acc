/// When a pull that would delete people here stops and asks instead, as vdirsyncer's
/// `StorageEmpty` does: an address book emptied by another client (or deleted and made again, or
/// one that answered once as if empty) would otherwise take every person here with it. A pull
/// that would delete every person linked with the book deletes nobody, and says what it found;
/// so does one whose deletions, with those pulls made without asking over the last
/// ``windowSeconds`` or the last ``windowExchanges`` exchanges (whichever holds more), come to
/// more than ``mostPeople`` people, or more than ``mostPercent`` percent of the people linked
/// then (two or more): a book drained 20 cards at a time asks at the step that passes them.
///
/// ```swift
/// DeletionGuard().asks(deleting: 100, of: 100)                 // true: everyone
/// DeletionGuard().asks(deleting: 3, of: 100)                   // false
/// DeletionGuard().asks(deleting: 20, of: 80, deletedLately: 20) // true: 40 of 100 within a day
/// ```
public struct DeletionGuard: Equatable, Sendable {
    /// The most people one pull deletes without asking.
    public var mostPeople: Int
    /// The largest share of the linked people, in percent, one pull deletes without asking.
    public var mostPercent: Int

    /// How far back, in seconds, the deletions of earlier pulls count: a day.
    public static let windowSeconds = 86_400
    /// How many of the last exchanges' deletions count, however long ago.
    public static let windowExchanges = 5

    /// A guard of these limits: by default 25 people, and half of them.
    public init(mostPeople: Int = 25, mostPercent: Int = 50) {
        self.mostPeople = mostPeople
        self.mostPercent = mostPercent
    }

    /// Whether deleting `deleted` of the `linked` people here asks the user first, when pulls
    /// deleted `deletedLately` others without asking, within the window.
    public func asks(deleting deleted: Int, of linked: Int, deletedLately: Int = 0) -> Bool {
        guard deleted > 0 else { return false }
        let (all, then) = (deleted + max(deletedLately, 0), linked + max(deletedLately, 0))
        return deleted >= linked || all > mostPeople || (all > 1 && all * 100 > mostPercent * then)
    }
}
