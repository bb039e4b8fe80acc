/// What the engine serves for one live address: the whole page, the changes that call for new
/// parts, and the parts, each rendered from the state as it is when asked. ``LiveParts`` is the
/// one most screens use, made from a ``LivePage`` declaration; a screen that follows something
/// other than a store (a journal, say) conforms itself.
///
/// ```swift
/// struct Clock: LiveScreen {
///     let time: @Sendable () -> String
///     func page() -> String { "<html><body data-live=\"/clock\"><p id=\"now\">\(time())</p></body></html>" }
///     func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async {
///         var tick = 0
///         while (try? await Task.sleep(for: .seconds(1))) != nil { tick += 1; send(tick) }
///     }
///     func fragments(for change: Int) -> [Fragment] { allFragments() }
///     func allFragments() -> [Fragment] { [Fragment(id: "now", html: "<p id=\"now\">\(time())</p>")] }
/// }
/// ```
public protocol LiveScreen: Sendable {
    /// The whole page, as it is now.
    func page() -> String

    /// Calls `send` for every change of what the screen shows, until the task is cancelled. The
    /// engine runs this once for all the open pages of one address.
    func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async

    /// The parts `change` calls for, rendered from what the screen shows now.
    func fragments(for change: Int) -> [Fragment]

    /// Every live part of the page, rendered from what the screen shows now.
    func allFragments() -> [Fragment]
}
