/// What a sync of the address book did, in words for the user.
///
/// ```swift
/// AddressBookReport(sent: .init(created: 2), received: 1, skipped: SkippedRecords()).message
/// // "Sent 2 changes; received 1."
/// ```
public struct AddressBookReport: Equatable, Sendable {
    /// What a push sent.
    public struct Sent: Equatable, Sendable {
        /// Cards created.
        public var created = 0
        /// Cards written over.
        public var changed = 0
        /// Cards deleted.
        public var deleted = 0
        /// Cards changed there meanwhile, merged with the change here.
        public var merged = 0
        /// Fields changed on both sides to different values: this app's were kept, and the
        /// address book's wait for the user (``PersonConflict``).
        public var bothChanged = 0
        /// Merges that brought values changed there here: received, as a pull's changes are.
        public var broughtIn = 0
        /// People deleted here whose card was changed there meanwhile: they are back.
        public var kept: [Person.ID] = []
        /// People whose card the address book refused, each alone: set aside, tried again next
        /// time, the others sent.
        public var setAside: [Person.ID] = []

        /// Nothing sent, or these counts.
        public init(created: Int = 0, changed: Int = 0, deleted: Int = 0) {
            self.created = created
            self.changed = changed
            self.deleted = deleted
        }

        /// How many changes went out.
        public var total: Int { created + changed + deleted + merged }

        /// Adds what one more push sent.
        public mutating func add(_ other: Sent) {
            created += other.created
            changed += other.changed
            deleted += other.deleted
            merged += other.merged
            bothChanged += other.bothChanged
            broughtIn += other.broughtIn
            kept += other.kept
            setAside += other.setAside
        }
    }

    /// What was pushed.
    public let sent: Sent
    /// How many people a pull changed, added or deleted here.
    public let received: Int
    /// The cards a pull left out, by reason.
    public let skipped: SkippedRecords
    /// The people with two cards or more there, left alone on both sides.
    public let duplicated: Int

    /// A report of these.
    public init(sent: Sent, received: Int, skipped: SkippedRecords, duplicated: Int = 0) {
        self.sent = sent
        self.received = received
        self.skipped = skipped
        self.duplicated = duplicated
    }

    /// Whether the exchange changed what a screen shows of the people here: people changed, added
    /// or deleted from there (values merged in among them), fields that now wait for the user's
    /// choice, people deleted here and kept. What waits to go out, or is set aside, is the
    /// address book's status, not the people's: a push alone changes none of them.
    ///
    /// ```swift
    /// AddressBookReport(sent: .init(changed: 3), received: 0, skipped: SkippedRecords()).changedHere   // false
    /// ```
    public var changedHere: Bool { received > 0 || sent.bothChanged > 0 || !sent.kept.isEmpty }

    /// "Sent 2 changes; received 1.", with what was merged and left out.
    public var message: String {
        var parts = ["Sent \(sent.total) \(sent.total == 1 ? "change" : "changes")", "received \(received)"]
        if sent.merged > 0 { parts.append("\(sent.merged) merged with changes made there") }
        if sent.bothChanged > 0 {
            parts.append(
                "\(sent.bothChanged) \(sent.bothChanged == 1 ? "field" : "fields") changed on both sides: "
                    + "choose on the person's page")
        }
        if !sent.kept.isEmpty { parts.append("\(sent.kept.count) deleted here but changed there, kept") }
        if !sent.setAside.isEmpty {
            parts.append("\(sent.setAside.count) set aside: the address book refused their cards (see the home page)")
        }
        if duplicated > 0 {
            parts.append("\(duplicated) with two cards there, left alone until one is deleted (see the home page)")
        }
        if skipped.total > 0 { parts.append("\(skipped.total) left out (\(skipped))") }
        return parts.joined(separator: "; ") + "."
    }
}
