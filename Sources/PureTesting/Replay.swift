import Pure
import PureReplay
import Testing

/// Calls again, on `container`, each use case of `excerpt` with its recorded arguments, in order,
/// and checks what an exported test (PureReplay's `TestExport`) checks: that each ends as it did
/// (returned, or threw), and makes the same state changes as it did then, path by path, in order,
/// and nothing else, and that each of `scenes` it opened or changed is as it was then. What each
/// call returns is held until the replay ends, as the session held it (a scene's hold closes its
/// scene when let go). Each issue names the step (`3. loadPersonAction("42")`). A call whose use
/// case is not among `useCases`, or whose arguments cannot be decoded, is an issue that stops the
/// replay.
///
/// Build `container` from the excerpt's `state`, the state the first call started
/// from, so that every change starts where it did:
///
/// ```swift
/// let excerpt = try JournalFile(contentsOf: "bug-42.jsonl").excerpt()
/// let app = try await TestApp(state: excerpt.state)
/// await replay(excerpt, on: app, appState: app.appState, useCases: TestApp.useCases)
/// ```
public func replay<Container: Sendable, State: Equatable & Sendable>(
    _ excerpt: JournalFile.Excerpt, on container: Container, appState: Store<State>,
    useCases: [RecordedUseCase<Container>], scenes: [RecordedScenes<State>] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let changes = StateChanges(appState, scenes: scenes)
    // What each call returned, held until the replay ends, as the session held it: a scene's
    // hold let go at once would close the scene it opened.
    var held: [any Sendable] = []
    defer { withExtendedLifetime(held) {} }
    let named = Dictionary(useCases.map { ($0.name, $0) }) { first, _ in first }
    for call in excerpt.calls {
        let step = "\(call.sequence). \(call.source)"
        guard let useCase = named[call.useCase] else {
            Issue.record(
                "\(step): no use case named \(call.useCase) to replay; add it to the replay's use cases",
                sourceLocation: sourceLocation)
            return
        }
        let outcome: RecordedUseCase<Container>.Outcome
        do {
            outcome = try await useCase.call(on: container, with: call.arguments.map(\.json))
        } catch {
            Issue.record("\(step): cannot be called again: \(error)", sourceLocation: sourceLocation)
            return
        }
        switch (call.outcome, outcome) {
        case (.threw(let recorded), .returned):
            Issue.record("\(step): returned, where it threw \(recorded)", sourceLocation: sourceLocation)
        case (.returned, .threw(let now)):
            Issue.record("\(step): threw \(now), where it returned", sourceLocation: sourceLocation)
        default: break
        }
        if case .returned(let value) = outcome { held.append(value) }
        await changes.expect(
            step: step, changes: excerpt.changes(of: call, apartFrom: scenes),
            scenes: excerpt.scenes(after: call, scenes), sourceLocation: sourceLocation)
    }
}
