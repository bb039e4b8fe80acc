import Pure

/// A ``LivePage`` declaration over a store, as the engine serves it: each part watched on its
/// own and re-rendered when what it reads changes, and the page rendered once per change of its
/// parts, for every page that asks.
///
/// ```swift
/// let home = LiveParts(store: appState, page: HomeParts())
/// live.page("/", on: router) { _ in home }
/// ```
public struct LiveParts<State: Equatable & Sendable>: LiveScreen {
    /// The store the parts read.
    public let store: Store<State>
    /// The parts, as declared.
    public let parts: [any AnyLivePart<State>]
    private let render: @Sendable (State) -> String
    private let pages = RenderMemo<[String], String>()
    /// What keeps ``store`` in step with the stores it joins, if it joins some.
    private let owner: (any Sendable)?

    /// The parts declared as properties of `declaration`, over `store`.
    public init<Page: LivePage<State>>(store: Store<State>, page declaration: Page) {
        self.init(store, declaration, owner: nil)
    }

    private init<Page: LivePage<State>>(_ store: Store<State>, _ declaration: Page, owner: (any Sendable)?) {
        self.store = store
        parts = Mirror(reflecting: declaration).children.compactMap { $0.value as? any AnyLivePart<State> }
        render = declaration.page
        self.owner = owner
    }

    /// The parts of a scene's page (a tab, a window) declared in `declaration`, over the app's
    /// state and the scene's own, as one ``SceneState``: the page is live for changes of
    /// either, for as long as the engine holds it.
    ///
    /// ```swift
    /// live.page("/", on: router) { request in
    ///     let tab = await service.openTab(request.uri)
    ///     return LiveParts(app: service.appState, scene: tab.state, page: TabPage(tab))
    /// }
    /// ```
    public init<App, Scene, Page: LivePage<State>>(app: Store<App>, scene: Store<Scene>, page declaration: Page)
    where State == SceneState<App, Scene> {
        let both = SceneStore(app: app, scene: scene)
        self.init(both.store, declaration, owner: both)
    }

    /// The whole page, as the state is now.
    public func page() -> String {
        let state = store.value
        return pages.output(for: parts.map { $0.fragment(state).html }) { _ in render(state) }
    }

    /// Sends the index of each part whose input changed, starting with every part.
    public func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for (index, part) in parts.enumerated() {
                group.addTask { [store] in await part.watch(store) { send(index) } }
            }
        }
    }

    /// The part at `index`, as the state is now.
    public func fragments(for index: Int) -> [Fragment] {
        parts.indices.contains(index) ? [parts[index].fragment(store.value)] : []
    }

    /// Every part, as the state is now.
    public func allFragments() -> [Fragment] {
        let state = store.value
        return parts.map { $0.fragment(state) }
    }
}
