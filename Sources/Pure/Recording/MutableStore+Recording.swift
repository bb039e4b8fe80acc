extension MutableStore where State: Encodable {
    /// Hands out a use case whose calls the ``journal`` records: its name, its arguments, the
    /// state it started from and how it ended, with every state change made while it ran
    /// (including by the tasks it started) marked as that call's (``JournalEntry/call``). The
    /// name is the caller's, so a use case opts in with one word:
    ///
    /// ```swift
    /// var applyRegionAction: ApplyRegionUsecase {
    ///     storage.recording { [self] isOn throws(Fizzle) in try await applySwitch(.isRegion, isOn: isOn) }
    /// }
    /// ```
    ///
    /// Without a journal it returns `body` itself, and costs nothing. A call made while another
    /// recorded call runs (a use case that calls another) is part of that call, not a call of
    /// its own: replaying the outer call makes it again.
    public func recording<each Argument: Recordable, Result, Failure: Error>(
        as useCase: String = #function,
        _ body: @escaping @Sendable (repeat each Argument) async throws(Failure) -> Result
    ) -> @Sendable (repeat each Argument) async throws(Failure) -> Result {
        guard let journal else { return body }
        let signature = JournalCall<State>.Signature(
            isAsync: true, canThrow: Failure.self != Never.self, returnsValue: Result.self != Void.self)
        return { [self] (arguments: repeat each Argument) async throws(Failure) -> Result in
            guard let call = begin(useCase, signature, in: journal, repeat each arguments) else {
                return try await body(repeat each arguments)
            }
            let outcome: Swift.Result<Result, Failure> = await CallContext.$sequence.withValue(call) {
                do throws(Failure) {
                    return .success(try await body(repeat each arguments))
                } catch {
                    return .failure(error)
                }
            }
            journal.end(call, Self.outcome(of: outcome), after: value)
            return try outcome.get()
        }
    }

    /// `recording(as:_:)` for a use case that waits but cannot fail.
    ///
    /// ```swift
    /// var openListAction: OpenListUsecase {
    ///     storage.recording { [self] criteria in await openList(criteria) }
    /// }
    /// ```
    public func recording<each Argument: Recordable, Result>(
        as useCase: String = #function,
        _ body: @escaping @Sendable (repeat each Argument) async -> Result
    ) -> @Sendable (repeat each Argument) async -> Result {
        guard let journal else { return body }
        let signature = JournalCall<State>.Signature(
            isAsync: true, canThrow: false, returnsValue: Result.self != Void.self)
        return { [self] (arguments: repeat each Argument) async -> Result in
            guard let call = begin(useCase, signature, in: journal, repeat each arguments) else {
                return await body(repeat each arguments)
            }
            let result = await CallContext.$sequence.withValue(call) { await body(repeat each arguments) }
            journal.end(call, Self.outcome(of: Swift.Result<Result, Never>.success(result)), after: value)
            return result
        }
    }

    /// `recording(as:_:)` for a use case that neither waits nor throws (one that starts work and
    /// returns at once).
    ///
    /// ```swift
    /// var requestSyncAction: RequestSyncUsecase {
    ///     storage.recording { [self] count in syncRequests.continuation.yield(count) }
    /// }
    /// ```
    public func recording<each Argument: Recordable, Result>(
        as useCase: String = #function,
        _ body: @escaping @Sendable (repeat each Argument) -> Result
    ) -> @Sendable (repeat each Argument) -> Result {
        guard let journal else { return body }
        let signature = JournalCall<State>.Signature(
            isAsync: false, canThrow: false, returnsValue: Result.self != Void.self)
        return { [self] (arguments: repeat each Argument) -> Result in
            guard let call = begin(useCase, signature, in: journal, repeat each arguments) else {
                return body(repeat each arguments)
            }
            let result = CallContext.$sequence.withValue(call) { body(repeat each arguments) }
            journal.end(call, Self.outcome(of: Swift.Result<Result, Never>.success(result)), after: value)
            return result
        }
    }

    /// Records the start of a call with these arguments and returns its number; `nil`, recording
    /// nothing, inside another recorded call.
    private func begin<each Argument: Recordable>(
        _ useCase: String, _ signature: JournalCall<State>.Signature, in journal: Journal<State>,
        _ arguments: repeat each Argument
    ) -> Int? {
        guard CallContext.sequence == nil else { return nil }
        var recorded: [JournalCall<State>.Argument] = []
        for argument in repeat each arguments { recorded.append(.init(argument)) }
        return journal.begin(useCase, arguments: recorded, signature: signature, before: value)
    }

    /// How a call ended, as the journal keeps it: what it returned as JSON when that is
    /// encodable and not `Void`.
    private static func outcome<Result, Failure>(
        of result: Swift.Result<Result, Failure>
    ) -> JournalCall<State>.Outcome {
        switch result {
        case .success(let value):
            guard Result.self != Void.self, let encodable = value as? any Encodable else { return .returned(nil) }
            return .returned(try? JSONValue(encoding: encodable))
        case .failure(let error):
            return .threw(String(describing: error))
        }
    }
}
