import Pure

/// A ``LivePage`` declaration over a store, as the engine serves it: each part watched on its
/// own and re-rendered when what it reads changes, and the page rendered once per change of its
/// parts, for every page that asks.
///
/// ```swift
/// let home = LiveParts(store: appState, page: HomeParts())
/// live.page("/", on: router) { _ in home }
/// ```
public struct LiveParts<Root: Equatable & Sendable, State: Equatable & Sendable>: LiveScreen {
    /// The store the parts read.
    public let store: Store<Root>
    /// The parts, as declared.
    public let parts: [any AnyLivePart<State>]
    /// What the parts read of the store's state; `nil` once there is nothing to show (the
    /// scene closed).
    private let read: @Sendable (Root) -> State?
    private let render: @Sendable (State) -> String
    private let pages = RenderMemo<[String], String>()
    /// What keeps the page's scene open, if it shows one.
    private let hold: (any Sendable)?

    /// The parts declared as properties of `declaration`, over `store`.
    public init<Page: LivePage<State>>(store: Store<State>, page declaration: Page) where Root == State {
        self.init(store, declaration, read: { $0 }, hold: nil)
    }

    /// The parts of a scene's page (a tab, a window) declared in `declaration`, over the app's
    /// state and the state of the scene `hold` holds in `scenes`, as one ``Pure/SceneState``: the
    /// page is live for changes of either, and keeps the scene open, for as long as the engine
    /// holds it.
    ///
    /// ```swift
    /// live.page("/", on: router) { request in
    ///     let tab = await service.openTabAction(request.uri.path)
    ///     return LiveParts(store: service.appState, scene: tab, of: \.tabs, page: TabPage())
    /// }
    /// ```
    public init<Key, Scene, Page: LivePage<State>>(
        store: Store<Root>, scene hold: SceneHold<Key>, of scenes: WritableKeyPath<Root, Scenes<Key, Scene>> & Sendable,
        page declaration: Page
    ) where State == SceneState<Root, Scene> {
        self.init(store, declaration, read: State.read(scenes, hold.key), hold: hold)
    }

    private init<Page: LivePage<State>>(
        _ store: Store<Root>, _ declaration: Page, read: @escaping @Sendable (Root) -> State?, hold: (any Sendable)?
    ) {
        self.store = store
        parts = Mirror(reflecting: declaration).children.compactMap { $0.value as? any AnyLivePart<State> }
        self.read = read
        render = declaration.page
        self.hold = hold
    }

    /// The whole page, as the state is now; empty once there is nothing to show.
    public func page() -> String {
        guard let state = read(store.value) else { return "" }
        return pages.output(for: parts.map { $0.fragment(state).html }) { _ in render(state) }
    }

    /// Sends the index of each part whose input changed, starting with every part. The page
    /// watches one selection of the store, what it reads: a change of the state that leaves it
    /// as it was (another scene's) costs one comparison, and wakes no part.
    public func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async {
        var shown: State?
        for await state in store.stored(read) {
            guard let state else { continue }
            for (index, part) in parts.enumerated() where shown.map({ part.reads($0, otherwiseThan: state) }) ?? true {
                send(index)
            }
            shown = state
        }
    }

    /// The part at `index`, as the state is now.
    public func fragments(for index: Int) -> [Fragment] {
        guard parts.indices.contains(index), let state = read(store.value) else { return [] }
        return [parts[index].fragment(state)]
    }

    /// Every part, as the state is now.
    public func allFragments() -> [Fragment] {
        guard let state = read(store.value) else { return [] }
        return parts.map { $0.fragment(state) }
    }
}
