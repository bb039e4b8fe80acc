/// One update that changed a store's state, as a ``Journal`` keeps it: which use case made it,
/// when, how long it took, the state before and after, and whom it reached.
///
/// ```swift
/// for entry in journal.entries {
///     print("#\(entry.sequence) \(entry.useCase): \(entry.difference)")
///     // #1 ApplyRegionAction: field.isRegion: true -> false
/// }
/// ```
///
/// The two states share their storage with the store (copy-on-write): keeping an entry costs
/// no copy of the state, and nothing is described until ``difference`` is asked for.
public struct JournalEntry<State: Sendable>: Sendable, Identifiable {
    /// What made the entry.
    public enum Kind: Sendable, Equatable {
        /// A use case's `update`.
        case update
        /// ``MutableStore/restore(_:fileID:function:_:)``: the state became that of the entry with this sequence
        /// number.
        case restore(to: Int)
    }

    /// Where an update came from: the caller of `update`, taken from its call site.
    public struct Origin: Sendable {
        /// The caller's file, as `#fileID` gives it (`PersonsVessel/ApplyRegionAction.swift`).
        public let fileID: StaticString
        /// The calling function, as `#function` gives it (`applyRegionAction(_:)`).
        public let function: StaticString
        /// An update, or a restore.
        public let kind: Kind

        /// An origin; `update` and `restore` make their own from their call sites.
        public init(fileID: StaticString, function: StaticString, kind: Kind = .update) {
            self.fileID = fileID
            self.function = function
            self.kind = kind
        }
    }

    /// The entry's number: 1 for the journal's first, one more for each entry after it.
    public let sequence: Int
    /// Who made the entry, and how.
    public let origin: Origin
    /// The number of the recorded call (``JournalCall/sequence``) whose work made the update,
    /// or `nil` for work no recorded call started (see `MutableStore.recording(as:_:)`).
    public let call: Int?
    /// The wall-clock time the update started, in seconds since 1970 (what
    /// `Date(timeIntervalSince1970:)` takes).
    public let time: Double
    /// How long the update held the store: the use case's change and the comparisons.
    public let duration: Duration
    /// The state before the update.
    public let before: State
    /// The state the update left.
    public let after: State
    /// How many distinct selections changed value.
    public let selectionsChanged: Int
    /// How many subscribers were told of a changed value.
    public let subscribersTold: Int

    /// The ``sequence`` number.
    public var id: Int { sequence }

    /// The use case that made the update: the name of its file, one use case per file
    /// (`ApplyRegionAction` for `PersonsVessel/ApplyRegionAction.swift`).
    public var useCase: String {
        let file = origin.fileID.description.split(separator: "/").last ?? ""
        return String(file.hasSuffix(".swift") ? file.dropLast(".swift".count) : file)
    }

    /// What the update changed, path by path; computed each time it is asked for.
    public var difference: StateDifference {
        StateDifference(from: before, to: after)
    }
}

extension JournalEntry: CustomStringConvertible {
    /// One line: the number, the use case (or the restore), how long it took and whom it
    /// reached.
    ///
    /// ```swift
    /// print(entry.summary)   // #3 ApplyRegionAction, 4 µs, 1 selection changed, 2 subscribers told
    /// ```
    public var summary: String {
        let what =
            switch origin.kind {
            case .update: useCase
            case .restore(let sequence): "restore to #\(sequence) (\(useCase))"
            }
        let microseconds = duration / .microseconds(1)
        return "#\(sequence) \(what), \(Int(microseconds.rounded())) µs, "
            + "\(plural(selectionsChanged, "selection")) changed, \(plural(subscribersTold, "subscriber")) told"
    }

    /// The ``summary``, then each change of the ``difference`` on a line of its own, indented.
    public var description: String {
        ([summary] + difference.description.split(separator: "\n").map { "  " + $0 }).joined(separator: "\n")
    }
}

private func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
