/// What a sync did: the people it stored (new and updated, each counted once), the records it
/// left out and why, and anything that went wrong after the people were safely stored.
///
/// ```swift
/// let report = try await service.syncPersonsAction(100)
/// print(report.message)   // "Stored 98 people (90 new, 8 updated). Skipped 2 records: 2 without an id."
/// ```
public struct SyncReport: Equatable, Sendable {
    /// People stored who were not stored before.
    public var inserted: Int
    /// People already stored, updated.
    public var updated: Int
    /// Records left out, by reason.
    public var skipped: SkippedRecords
    /// Something that failed after the people were stored (they stay stored), for the user.
    public var warning: String?
    /// How many pages the sync took.
    public var pages = 1
    /// The page it resumed at, if it resumed a sync that had stopped.
    public var resumedAt: Int?
    /// How many people the sync before it brought, if that one had finished: this one is then a
    /// new sync, asked with a new seed, whose people are stored beside those (a directory like
    /// randomuser.me gives other people for another seed).
    public var followsFinished: Int?
    /// Photos downloaded and kept by this sync.
    public var photosKept = 0
    /// Photos that could not be had: they show the initials, and the next sync tries again.
    public var photosMissing = 0

    /// Creates a report.
    ///
    /// ```swift
    /// SyncReport(inserted: 90, updated: 8)
    /// ```
    public init(inserted: Int, updated: Int, skipped: SkippedRecords = SkippedRecords(), warning: String? = nil) {
        self.inserted = inserted
        self.updated = updated
        self.skipped = skipped
        self.warning = warning
    }

    /// How many people were stored.
    public var stored: Int { inserted + updated }

    /// Adds what `other` (a later page of the same sync) stored and skipped.
    public mutating func add(_ other: SyncReport) {
        inserted += other.inserted
        updated += other.updated
        skipped.add(other.skipped)
        warning = other.warning ?? warning
    }

    /// What to tell the user, in one or two sentences.
    public var message: String {
        var text = resumedAt.map { "Resumed at page \($0) of \(pages). " } ?? ""
        text += "Stored \(stored) \(stored == 1 ? "person" : "people") (\(inserted) new, \(updated) updated)."
        if skipped.total > 0 {
            text += " Skipped \(skipped.total) \(skipped.total == 1 ? "record" : "records"): \(skipped)."
        }
        if let earlier = followsFinished {
            let people = "\(earlier) \(earlier == 1 ? "person" : "people")"
            text += " The last sync (\(people)) had finished, so this was a new one, with a new seed."
        }
        if photosKept > 0 { text += " Kept \(photosKept) \(photosKept == 1 ? "photo" : "photos")." }
        if photosMissing > 0 {
            text +=
                " \(photosMissing) \(photosMissing == 1 ? "photo" : "photos") could not be had: "
                + "\(photosMissing == 1 ? "it shows" : "they show") initials, and the next sync tries again."
        }
        return text
    }

    /// Whether the user should see this report, not only that the sync succeeded.
    public var isNoteworthy: Bool { skipped.total > 0 || warning != nil || resumedAt != nil || photosMissing > 0 }
}
