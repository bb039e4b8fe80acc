import PersonsShow
import Pure

/// One live part of a screen, declared once: what it reads of the state, and the component it
/// makes from that alone. The page renders the part from this declaration, and the screen's hub
/// renders it again when, and only when, what it reads changes: the page and its live part
/// cannot disagree, and the part's element id is its component's template name.
///
/// ```swift
/// let sync = LivePart(reads: \Roger.sys) { SyncStatusView(progress: $0.sync.permille, failure: nil, note: nil) }
/// ```
struct LivePart<State: Equatable & Sendable, Input: Equatable & Sendable, Component: ShowComponent>: AnyLivePart {
    private let read: @Sendable (State) -> Input
    private let make: @Sendable (Input) -> Component
    private let memo = RenderMemo<Input, Fragment>()

    /// A part that shows what `make` makes of what `read` reads.
    init(reads read: @escaping @Sendable (State) -> Input, _ make: @escaping @Sendable (Input) -> Component) {
        self.read = read
        self.make = make
    }

    /// The element it replaces.
    var id: String { Component.templateName }

    /// The component for `state`, for the whole page.
    func component(_ state: State) -> Component {
        make(read(state))
    }

    /// The part for `state`, rendered once for every page that shows the same input.
    func fragment(_ state: State) -> Fragment {
        memo.output(for: read(state)) { Fragment(make($0)) }
    }

    /// Calls `changed` whenever what the part reads changes, starting with its current value,
    /// until the task is cancelled.
    func watch(_ store: Store<State>, _ changed: @escaping @Sendable () -> Void) async {
        for await _ in store.stored(read) { changed() }
    }
}

/// A live part whatever it reads and makes: what a screen's hub needs of it.
protocol AnyLivePart<State>: Sendable {
    associatedtype State: Equatable & Sendable
    var id: String { get }
    func fragment(_ state: State) -> Fragment
    func watch(_ store: Store<State>, _ changed: @escaping @Sendable () -> Void) async
}
