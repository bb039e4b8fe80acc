/// A live screen's declaration: its live parts, as ``LivePart`` properties, and its whole page,
/// made from the same parts. ``LiveParts`` finds the parts by reflection, so a part declared
/// here is live with nothing to add anywhere else.
///
/// ```swift
/// struct CounterPage: LivePage {
///     let count = LivePart(id: "count", reads: \Counter.value, render: { $0 }) { "<b id=\"count\">\($0)</b>" }
///     func page(_ state: Counter) -> String {
///         "<body data-live=\"/\">\(count.component(state))</body>"
///     }
/// }
/// ```
public protocol LivePage<State>: Sendable {
    /// The state the parts read.
    associatedtype State: Equatable & Sendable

    /// The whole page for `state`.
    func page(_ state: State) -> String
}
