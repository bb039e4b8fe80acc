import Testing

/// Waits until `condition` holds, checking it every millisecond on the caller's actor; records an issue and returns
/// `false` if it still does not hold after `timeout`.
///
/// ```swift
/// await waitUntil("the sync finished") { appState.value.sys.last == .success }
/// ```
@discardableResult
public func waitUntil(
    _ description: String = "the condition",
    timeout: Duration = .seconds(5),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !(try await condition()) {
        guard clock.now < deadline, !Task.isCancelled else {
            Issue.record(
                Comment(rawValue: "Timed out after \(timeout) waiting for \(description)."),
                sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
