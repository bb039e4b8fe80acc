/// A screen's hold on an open scene (see ``Scenes``): while it lives, the scene stays open in the
/// app state; when the last reference to it goes, it lets go, and the scene closes if no other
/// hold keeps it. A container's "open" use case hands one out; the screen keeps it for as long as
/// it shows the scene.
///
/// ```swift
/// let hold = SceneHold("/?q=ad") { key in storage.update { $0.tabs.release(key) } }
/// appState.value.tabs[hold.key]   // the scene, for as long as `hold` lives
/// ```
public final class SceneHold<Key: Hashable & Sendable>: Sendable {
    /// Which scene it holds.
    public let key: Key
    private let release: @Sendable (Key) -> Void

    /// A hold on the scene at `key`, which calls `release` with it once, when it goes.
    public init(_ key: Key, release: @escaping @Sendable (Key) -> Void) {
        self.key = key
        self.release = release
    }

    deinit {
        release(key)
    }
}
