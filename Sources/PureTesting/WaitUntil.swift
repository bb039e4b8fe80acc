import Testing

/// Waits until `condition` holds, checking it every 10 milliseconds on the caller's actor; records an issue and
/// returns `false` if it still does not hold after `timeout`. The timeout catches a hang, not slowness: a minute by
/// default, which a loaded machine or a sanitizer's run does not reach while it works.
///
/// ```swift
/// await waitUntil("the sync finished") { appState.value.sys.last == .success }
/// ```
@discardableResult
public func waitUntil(
    _ description: String = "the condition",
    timeout: Duration = .seconds(60),
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
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
