import Pure

/// One live part of a page, declared once: what it reads of the state, the component it makes
/// from that alone, and how a component becomes HTML. The page renders the part from this
/// declaration, and the engine renders it again when, and only when, what it reads changes: the
/// page and its live part cannot disagree.
///
/// ```swift
/// let count = LivePart(id: "count", reads: \Counter.value, render: { $0 }) { "<b id=\"count\">\($0)</b>" }
/// ```
public struct LivePart<State: Equatable & Sendable, Input: Equatable & Sendable, Component: Sendable>: AnyLivePart {
    /// The id of the element it replaces: its component's root carries it.
    public let id: String
    private let read: @Sendable (State) -> Input
    private let make: @Sendable (Input) -> Component
    private let render: @Sendable (Component) -> String
    private let memo: RenderMemo<Input, Fragment>

    /// A part that shows, in the element `id`, what `make` makes of what `read` reads, as
    /// `render` writes it. It keeps its last rendering, or its last `remembering` ones: a part
    /// declared once for several addresses (a `static let`, each page's declaration holding it)
    /// is rendered once for all the addresses that show the same input, `remembering` of them
    /// at once.
    public init(
        id: String, reads read: @escaping @Sendable (State) -> Input, remembering: Int = 1,
        render: @escaping @Sendable (Component) -> String, _ make: @escaping @Sendable (Input) -> Component
    ) {
        self.init(id: id, reads: read, remembering: remembering, compactRender: { Fragment.compact(render($0)) }, make)
    }

    /// A part whose renderer keeps what it renders, to make its next rendering from (a list that
    /// renders only the rows it did not show, and copies the others from its last rendering):
    /// `render` returns the HTML made compact by ``Fragment/compact(_:)``, and the part holds that
    /// string as it is (``Fragment/init(id:compact:)``), so that the part and its renderer hold
    /// one copy.
    ///
    /// ```swift
    /// let list = LivePart(id: "list", reads: \Shelf.titles, compactRender: Fragment.compact) {
    ///     "<ul id=\"list\">" + $0.map { "<li>\($0)</li>" }.joined() + "</ul>"
    /// }
    /// ```
    public init(
        id: String, reads read: @escaping @Sendable (State) -> Input, remembering: Int = 1,
        compactRender render: @escaping @Sendable (Component) -> String,
        _ make: @escaping @Sendable (Input) -> Component
    ) {
        self.id = id
        self.read = read
        self.make = make
        self.render = render
        memo = RenderMemo(keeping: remembering)
    }

    /// The component for `state`, for the whole page.
    public func component(_ state: State) -> Component {
        make(read(state))
    }

    /// The part for `state`, rendered once for every page that shows the same input (and every
    /// address, for a part they share).
    public func fragment(_ state: State) -> Fragment {
        memo.output(for: read(state)) { Fragment(id: id, compact: render(make($0))) }
    }

    /// Whether the part reads `old` otherwise than `new`: then it shows something else.
    public func reads(_ old: State, otherwiseThan new: State) -> Bool {
        read(old) != read(new)
    }
}

/// A live part whatever it reads and makes: what ``LiveParts`` needs of it.
public protocol AnyLivePart<State>: Sendable {
    associatedtype State: Equatable & Sendable
    /// The id of the element it replaces.
    var id: String { get }
    /// The part for `state`.
    func fragment(_ state: State) -> Fragment
    /// Whether the part reads `old` otherwise than `new`.
    func reads(_ old: State, otherwiseThan new: State) -> Bool
}
