import Pure
import PureReplay
import Testing

/// Records every change of a store's state, to assert exhaustively what an action did: each
/// change, in order, and nothing else.
///
/// Describe each expected change as a mutation of the state before it, the way the use case
/// writes it:
///
/// ```swift
/// let changes = StateChanges(vessel.appState)
/// _ = try await vessel.loadPerson("42")
/// await changes.expect(
///     { $0.route.uis = "42" },
///     { $0.sys.last = .success }
/// )
/// ```
///
/// Each call to ``expect(_:timeout:sourceLocation:)`` picks up where the previous one stopped.
/// Where the whole sequence is noise (a sync's progress steps), record with
/// ``Exhaustivity/off`` and name only the changes that matter.
///
/// Given the state's `Scenes` (Pure) (`scenes:`), it records the app state apart from them, and
/// checks each scene as a whole where a step says what it must be: how an exported test
/// (``expect(step:scenes:timeout:sourceLocation:_:)``) and a replay
/// (``expect(step:changes:scenes:timeout:sourceLocation:)``) check a tab's list.
public final class StateChanges<State: Equatable & Sendable>: Sendable {
    /// A change as a test describes it: a mutation of the state before it.
    public typealias Change = (inout State) -> Void

    private let recorded = Recording<State>()
    private let asserted = Locked(0)
    /// The state apart from the scenes as the last step of an exported test left it, as JSON.
    private let expectedJSON = Locked<JSONValue?>(nil)
    private let exhaustivity: Exhaustivity
    private let subscription: StoreSubscription
    private let store: Store<State>
    private let scenes: [RecordedScenes<State>]

    /// Starts recording `store`; its current state is where the first expectation starts.
    /// `exhaustivity` says whether a change no expectation names is an issue (``Exhaustivity/on``)
    /// or skipped (``Exhaustivity/off``). The changes of `scenes` are not recorded: a step checks
    /// them whole.
    ///
    /// ```swift
    /// let changes = StateChanges(app.appState, scenes: [RecordedScenes("lists", \.lists)])
    /// ```
    public init(_ store: Store<State>, exhaustivity: Exhaustivity = .on, scenes: [RecordedScenes<State>] = []) {
        self.exhaustivity = exhaustivity
        self.store = store
        self.scenes = scenes
        subscription = store.stored { state in scenes.reduce(state) { $1.cleared($0) } }.subscribe { [recorded] state in
            recorded.append(state)
        }
    }

    /// Waits until the changes in `changes` are recorded (or `timeout` passes), then records an
    /// issue for each one that differs from its expectation or never came. Exhaustive, also for
    /// every change that was not expected; otherwise each change skipped is reported as a known
    /// issue, and returned.
    ///
    /// Passing no change asserts, when exhaustive, that nothing changed since the last
    /// expectation.
    ///
    /// ```swift
    /// await changes.expect { $0.field.isRegion = false }
    /// ```
    @discardableResult
    public func expect(
        _ changes: Change...,
        timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [StateDifference] {
        switch exhaustivity {
        case .on:
            await expectEvery(changes, timeout: timeout, sourceLocation: sourceLocation)
            return []
        case .off:
            return await expectNamed(changes, timeout: timeout, sourceLocation: sourceLocation)
        }
    }

    /// Checks a step as an exported test (`TestExport`, in PureReplay) writes it: `change` says
    /// what the step did to the state apart from the scenes, as JSON, from where the step before
    /// left it (the state when recording started, for the first); this waits until the state is
    /// so (or `timeout` passes) and records an issue, named by `step`, for each place where it is
    /// not. The changes on the way there are not checked one by one: the state the step left is.
    /// Each scene in `scenes` (an object with a member per scene's name, as a journal records
    /// them) must be open now as it is there.
    ///
    /// ```swift
    /// try await app.applyRegionAction(false)
    /// await changes.expect(step: "1. applyRegionAction(false)") {
    ///     $0.field.isRegion = false
    /// }
    /// ```
    public func expect(
        step: String, scenes: JSONState? = nil, timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout JSONState) -> Void = { _ in }
    ) async where State: Encodable {
        defer { expectScenes(step: step, scenes?.json, sourceLocation: sourceLocation) }
        let start = asserted.withLock { $0 }
        guard let base = expectedJSON.withLock({ $0 }) ?? Self.json(recorded.all[start]) else {
            Issue.record("\(step): the state cannot be written as JSON", sourceLocation: sourceLocation)
            return
        }
        var expected = JSONState(base)
        change(&expected)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var now = base
        while true {
            let states = recorded.all
            now = Self.json(states[states.count - 1]) ?? .null
            if now == expected.json || clock.now >= deadline || Task.isCancelled {
                asserted.withLock { $0 = states.count - 1 }
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // After a step that differs, the next starts from the state as it is, so that each
        // difference is named once, by the step that made it.
        expectedJSON.withLock { $0 = now }
        guard now != expected.json else { return }
        let differences = JSONState.changes(from: expected.json, to: now).map { change in
            "\(change.location): recorded \(change.old?.description ?? "(none)"), now \(change.new?.description ?? "(none)")"
        }
        Issue.record(
            Comment(
                rawValue: "\(step): the state differs from the recorded one after \(timeout):\n"
                    + differences.joined(separator: "\n")),
            sourceLocation: sourceLocation)
    }

    /// `state` as JSON, as a journal writes it; `nil` if it cannot be.
    private static func json(_ state: State) -> JSONValue? where State: Encodable {
        try? JSONValue(encoding: state)
    }

    /// Waits until as many changes as `described` are recorded (or `timeout` passes), then
    /// records an issue, named by `step`, for each change whose paths and values differ from
    /// the one described, each that never came, and, when exhaustive, each change past them.
    /// Each change is given as a journal describes it (`StateDifference.Change`, path by path),
    /// as a replay (``replay(_:on:appState:useCases:scenes:sourceLocation:)``) has them. `scenes` is what the step left of each declared scene (an object with a member
    /// per scene's name, as a journal records the state): each scene in it must be open now, as
    /// recorded, or an issue names the step, the scene and the path.
    public func expect(
        step: String,
        changes described: [[StateDifference.Change]],
        scenes recordedScenes: JSONValue? = nil,
        timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        defer { expectScenes(step: step, recordedScenes, sourceLocation: sourceLocation) }
        let start = asserted.withLock { $0 }
        let needed = start + 1 + described.count
        await waitUntil(
            "\(step): \(described.count) state changes", timeout: timeout, sourceLocation: sourceLocation
        ) { self.recorded.count >= needed }
        let states = self.recorded.all
        guard states.count > start else { return }
        for (offset, expected) in described.enumerated() {
            let index = start + 1 + offset
            guard index < states.count else {
                Issue.record(
                    Comment(
                        rawValue: "\(step): state change \(offset + 1) never came; it was:\n"
                            + expected.map(\.description).joined(separator: "\n")),
                    sourceLocation: sourceLocation)
                continue
            }
            let actual = StateDifference(from: states[index - 1], to: states[index]).changes
            if actual != expected {
                Issue.record(
                    Comment(
                        rawValue: "\(step): state change \(offset + 1) differs from the recorded one:\n"
                            + Self.compare(expected, actual)),
                    sourceLocation: sourceLocation)
            }
        }
        if exhaustivity == .on {
            for index in needed..<max(needed, states.count) {
                Issue.record(
                    Comment(
                        rawValue: "\(step): unexpected state change (before -> after):\n"
                            + StateDifference(from: states[index - 1], to: states[index]).description),
                    sourceLocation: sourceLocation)
            }
        }
        asserted.withLock {
            $0 = exhaustivity == .on ? max(states.count - 1, start) : min(states.count - 1, needed - 1)
        }
    }

    /// An issue for each way a declared scene differs from `recorded`.
    private func expectScenes(step: String, _ recorded: JSONValue?, sourceLocation: SourceLocation) {
        guard let recorded else { return }
        let now = store.value
        for declared in scenes {
            guard let written = recorded[declared.name] else { continue }
            let differences = declared.differences(in: now, from: written)
            guard !differences.isEmpty else { continue }
            Issue.record(
                Comment(
                    rawValue: "\(step): the scenes differ from the recorded ones:\n"
                        + differences.joined(separator: "\n")),
                sourceLocation: sourceLocation)
        }
    }

    /// Each path whose change differs: recorded, then now.
    private static func compare(_ expected: [StateDifference.Change], _ actual: [StateDifference.Change]) -> String {
        let paths = (expected.map(\.path) + actual.map(\.path)).reduce(into: [String]()) { paths, path in
            if !paths.contains(path) { paths.append(path) }
        }
        return paths.compactMap { path in
            let was = expected.first { $0.path == path }
            let now = actual.first { $0.path == path }
            guard was != now else { return nil }
            return
                "\(path.isEmpty ? "(the value)" : path): recorded \(was.map { "\($0.old) -> \($0.new)" } ?? "no change"), "
                + "now \(now.map { "\($0.old) -> \($0.new)" } ?? "no change")"
        }.joined(separator: "\n")
    }

    // MARK: - Exhaustive

    private func expectEvery(_ changes: [Change], timeout: Duration, sourceLocation: SourceLocation) async {
        let start = asserted.withLock { $0 }
        let needed = start + 1 + changes.count
        await waitUntil("\(changes.count) state changes", timeout: timeout, sourceLocation: sourceLocation) {
            self.recorded.count >= needed
        }
        let states = recorded.all
        guard states.count > start else { return }
        var previous = states[start]
        for (offset, change) in changes.enumerated() {
            let index = start + 1 + offset
            guard index < states.count else { break }
            var expected = previous
            change(&expected)
            if states[index] != expected {
                Issue.record(
                    Comment(
                        rawValue: "State change \(offset + 1) differs from the expected one (expected -> actual):\n"
                            + StateDifference(from: expected, to: states[index]).description),
                    sourceLocation: sourceLocation
                )
            }
            previous = states[index]
        }
        for index in needed..<max(needed, states.count) {
            Issue.record(
                Comment(
                    rawValue: "Unexpected state change (before -> after):\n"
                        + StateDifference(from: states[index - 1], to: states[index]).description),
                sourceLocation: sourceLocation
            )
        }
        asserted.withLock { $0 = max(states.count - 1, start) }
    }

    // MARK: - Only the changes named

    private func expectNamed(
        _ changes: [Change], timeout: Duration, sourceLocation: SourceLocation
    ) async -> [StateDifference] {
        let start = asserted.withLock { $0 }
        await waitUntil("\(changes.count) state changes", timeout: timeout, sourceLocation: sourceLocation) {
            Self.found(changes, in: self.recorded.all, after: start).count == changes.count
        }
        let states = recorded.all
        guard let now = states.last else { return [] }
        let found = Self.found(changes, in: states, after: start)
        for offset in found.count..<changes.count {
            var expected = now
            changes[offset](&expected)
            Issue.record(
                Comment(
                    rawValue: "State change \(offset + 1) never came (expected -> the state now):\n"
                        + StateDifference(from: expected, to: now).description),
                sourceLocation: sourceLocation
            )
        }
        let end = found.last ?? start
        let skipped = (start + 1..<max(start + 1, end + 1)).filter { !found.contains($0) }.map {
            StateDifference(from: states[$0 - 1], to: states[$0])
        }
        for difference in skipped {
            withKnownIssue("Skipped, not named by the expectation", sourceLocation: sourceLocation) {
                Issue.record(
                    Comment(rawValue: "Skipped state change (before -> after):\n\(difference)"),
                    sourceLocation: sourceLocation)
            }
        }
        asserted.withLock { $0 = end }
        return skipped
    }

    /// Where each of `changes` is among `states`, in order, after the index `start`: the first
    /// state that has what the change sets, where the state before did not. As many as found.
    private static func found(_ changes: [Change], in states: [State], after start: Int) -> [Int] {
        var found: [Int] = []
        var next = start + 1
        for change in changes {
            guard
                let index = (next..<max(next, states.count)).first(where: { index in
                    var after = states[index]
                    var before = states[index - 1]
                    change(&after)
                    change(&before)
                    return after == states[index] && before != states[index - 1]
                })
            else { break }
            found.append(index)
            next = index + 1
        }
        return found
    }
}
