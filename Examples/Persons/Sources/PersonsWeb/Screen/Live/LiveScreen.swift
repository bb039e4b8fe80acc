/// What a screen's live parts are made of, for the ``LiveHub`` that serves its open pages: the
/// changes of the state that call for new parts, and the parts themselves, rendered from the
/// state as it is when asked.
protocol LiveScreen: Sendable {
    /// What changed, as far as this screen is concerned.
    associatedtype Change: Sendable

    /// Calls `send` for every change of what the screen shows, starting with the current
    /// state, until the task is cancelled. The hub runs this once for all the screen's pages.
    func watchChanges(_ send: @escaping @Sendable (Change) -> Void) async

    /// The parts `change` calls for, rendered from the state as it is now.
    func fragments(for change: Change) -> [Fragment]

    /// Every live part of the page, rendered from the state as it is now.
    func allFragments() -> [Fragment]
}
