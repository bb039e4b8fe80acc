/// How ``StateChanges`` treats the changes an expectation does not name.
///
/// ```swift
/// let changes = StateChanges(vessel.appState, exhaustivity: .off)
/// _ = try await vessel.syncPersonsAction(100)
/// await changes.expect { $0.sys.sync = .success(nil) }   // the progress steps before it are skipped
/// ```
public enum Exhaustivity: Sendable {
    /// Every change, in order, and nothing else: a change not named is an issue. The default.
    case on
    /// Only the changes named, in order: each is the first recorded change that sets what it
    /// names. The changes between them are skipped, and each is reported as a known issue (a
    /// note in the test's results, not a failure): what TCA calls
    /// `.off(showSkippedAssertions: true)`. TCA's plain `.off` says nothing of them; here the
    /// skipped changes are always shown, and returned by `expect`.
    case off
}
