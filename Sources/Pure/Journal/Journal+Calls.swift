extension Journal {
    /// The kept calls, oldest first (see `MutableStore.recording(as:_:)`). A journal keeps as
    /// many calls as entries, ``capacity``.
    ///
    /// ```swift
    /// for call in journal.calls { print(call.source, call.outcome) }
    /// ```
    public var calls: [JournalCall<State>] {
        book.withLock { $0.calls.ordered }
    }

    /// The kept call with this number, if it has not left the journal.
    ///
    /// ```swift
    /// let changes = journal.entries.filter { $0.call == 3 }   // what call 3 changed
    /// journal.call(3)?.source                                   // "loadPersonAction(\"42\")"
    /// ```
    public func call(_ sequence: Int) -> JournalCall<State>? {
        book.withLock { $0.calls[sequence] }
    }

    /// Records the start of a call and returns its number.
    func begin(
        _ useCase: String, arguments: [JournalCall<State>.Argument], signature: JournalCall<State>.Signature,
        before: State
    ) -> Int {
        let time = wallClockSeconds()
        return book.withLock { book in
            book.calls.append { sequence in
                JournalCall(
                    sequence: sequence, useCase: useCase, arguments: arguments, signature: signature, time: time,
                    before: before, outcome: .running, after: nil)
            }.sequence
        }
    }

    /// Records how call `sequence` ended, and the state it left.
    func end(_ sequence: Int, _ outcome: JournalCall<State>.Outcome, after: State) {
        book.withLock {
            $0.calls.modify(sequence) { call in
                call.outcome = outcome
                call.after = after
            }
        }
    }
}
