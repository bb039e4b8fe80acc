import Pure

/// What a page of one scene shows: the app's state, which every page shares, and the state of
/// its own scene (a tab's list, a window's selection), as one value a ``LivePage`` reads. See
/// ``LiveParts/init(app:scene:page:)``.
///
/// ```swift
/// struct TabPage: LivePage {
///     let title = LivePart(id: "title", reads: \SceneState<Counter, Tab>.scene.name, render: { $0 }) { "<h1 id=\"title\">\($0)</h1>" }
///     func page(_ state: SceneState<Counter, Tab>) -> String { "<body data-live>\(title.component(state))</body>" }
/// }
/// ```
public struct SceneState<App: Equatable & Sendable, Scene: Equatable & Sendable>: Equatable, Sendable {
    /// The app's state.
    public var app: App
    /// The scene's own state.
    public var scene: Scene

    /// The two states as one.
    public init(app: App, scene: Scene) {
        self.app = app
        self.scene = scene
    }
}

/// A store of both states, kept in step with the two stores while it lives: what the parts of a
/// scene's page watch.
final class SceneStore<App: Equatable & Sendable, Scene: Equatable & Sendable>: Sendable {
    let store: Store<SceneState<App, Scene>>
    private let subscriptions: [StoreSubscription]

    init(app: Store<App>, scene: Store<Scene>) {
        let both = MutableStore(SceneState(app: app.value, scene: scene.value))
        store = both.store
        // Each subscription is called at once with its value as it is, then on each change.
        subscriptions = [
            app.stored { $0 }.subscribe { value in both.update { $0.app = value } },
            scene.stored { $0 }.subscribe { value in both.update { $0.scene = value } },
        ]
    }

    deinit {
        for subscription in subscriptions { subscription.cancel() }
    }
}
