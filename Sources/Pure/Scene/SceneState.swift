/// What one scene's screen reads: the app state, which every screen shares, and the state of its
/// own scene (a tab's list, a window's selection), both from the one store (see ``Scenes``). The
/// app state it holds leaves out the other scenes of the kind, so that a change of another tab's
/// is no change of this one's.
///
/// ```swift
/// let read = SceneState.read(\AppState.tabs, "/?q=ad")
/// read(appState.value)?.scene   // the tab's own state, while it is open
/// ```
public struct SceneState<App: Equatable & Sendable, Scene: Equatable & Sendable>: Equatable, Sendable {
    /// The app's state.
    public let app: App
    /// The scene's own state.
    public let scene: Scene

    /// The two as one value.
    public init(app: App, scene: Scene) {
        self.app = app
        self.scene = scene
    }
}

extension SceneState {
    /// How a screen of the scene at `key` of `scenes` reads the app state: the app state (without
    /// the scenes of `scenes`) with that scene's, or `nil` once the scene is closed.
    ///
    /// ```swift
    /// let read = SceneState.read(\AppState.tabs, "/?q=ad")
    /// for await rows in appState.stored({ read($0)?.scene }) { show(rows) }
    /// ```
    public static func read<Key>(
        _ scenes: WritableKeyPath<App, Scenes<Key, Scene>> & Sendable, _ key: Key
    ) -> @Sendable (App) -> SceneState? {
        { state in
            guard let scene = state[keyPath: scenes][key] else { return nil }
            var app = state
            app[keyPath: scenes] = Scenes()
            return SceneState(app: app, scene: scene)
        }
    }
}
