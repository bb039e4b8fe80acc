import Pure

extension JournalFile {
    /// A range of a journal's calls, what a test of them needs: the state the first call started
    /// from, the calls in order with their outcomes, and the changes each made.
    ///
    /// ```swift
    /// let excerpt = try file.excerpt(2...4)
    /// excerpt.calls.map(\.source)       // ["applyRegionAction(false)", ...]
    /// excerpt.changes(of: excerpt.calls[0])   // [[field.isRegion: true -> false]]
    /// ```
    public struct Excerpt: Sendable {
        /// The state the range's first call started from, as JSON.
        public let state: JSONValue
        /// The calls of the range, in order, with their outcomes (what they returned as JSON).
        public let calls: [JournalCall<JSONValue>]
        let entries: [JournalFile.Entry]

        /// The changes `call` made, one state change after another, each path by path (restores
        /// left out); with the changes of `scenes` left out too, and the state changes that were
        /// only theirs.
        public func changes<State>(
            of call: JournalCall<JSONValue>, apartFrom scenes: [RecordedScenes<State>] = []
        ) -> [[StateDifference.Change]] {
            entries.filter { $0.call == call.sequence && !$0.isRestore }.map { entry in
                entry.changes.filter { change in !scenes.contains { $0.contains(path: change.path) } }
            }.filter { !$0.isEmpty || scenes.isEmpty }
        }

        /// What `call` left of each of `scenes` that it changed, as an object with a member per
        /// scene's name holding the scenes it opened or changed (as the journal recorded them when
        /// it ended); `nil` when it changed none, or the journal did not keep the state it left.
        public func scenes<State>(after call: JournalCall<JSONValue>, _ scenes: [RecordedScenes<State>]) -> JSONValue? {
            var members: [String: JSONValue] = [:]
            for declared in scenes {
                guard case .array(let after)? = call.after?[declared.name] else { continue }
                let before = call.before[declared.name]?.array ?? []
                let changed = after.filter { !before.contains($0) }
                if !changed.isEmpty { members[declared.name] = .array(changed) }
            }
            return members.isEmpty ? nil : .object(members)
        }
    }

    /// Why a range of calls cannot be taken from a journal.
    public struct RangeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, for the person who asked.
        public let description: String
    }

    /// The calls numbered `range`; all of them when `nil`. Fails if a call of the range is not in
    /// the file, or had not ended when it was written.
    public func excerpt(_ range: ClosedRange<Int>? = nil) throws(RangeError) -> Excerpt {
        guard let range = range ?? calls.first.map({ $0.sequence...max($0.sequence, calls.last?.sequence ?? 0) })
        else { throw RangeError(description: "The journal holds no call.") }
        // The file's calls of the range, one per number: a range of a million numbers costs what
        // its calls cost, not a million lookups.
        var byNumber: [Int: JournalCall<JSONValue>] = [:]
        for call in calls where range.contains(call.sequence) { byNumber[call.sequence] = call }
        let chosen = byNumber.values.sorted { $0.sequence < $1.sequence }
        for (offset, call) in chosen.enumerated() where call.sequence - offset != range.lowerBound {
            throw RangeError(description: "Call \(range.lowerBound + offset) is not in the journal.")
        }
        guard let first = chosen.first, chosen.last?.sequence == range.upperBound else {
            throw RangeError(description: "Call \(range.lowerBound + chosen.count) is not in the journal.")
        }
        if let running = chosen.first(where: { $0.outcome == .running }) {
            throw RangeError(
                description: "Call \(running.sequence) (\(running.useCase)) had not ended when the journal was written."
            )
        }
        return Excerpt(state: first.before, calls: chosen, entries: entries)
    }
}
