/// The open scenes of one kind (a browser tab's list, a window's selection), as part of the one
/// app state: each scene's own state by its key, and how many screens hold it. A scene lives in
/// the app state from the first ``hold(_:opening:)`` to the last ``release(_:)``, so every change
/// of it is an update of the one store, recorded in the one journal beside the app's own, under
/// a path that names it (`lists[q=ad].scene.result.total: 0 -> 3`).
///
/// ```swift
/// struct AppState: Equatable, Sendable {
///     var count = 0
///     var tabs = Scenes<String, [Int]>()
/// }
/// var state = AppState()
/// state.tabs.hold("/?q=ad", opening: [])   // true: opened now, with one holder
/// state.tabs.update("/?q=ad") { $0.append(42) }
/// state.tabs["/?q=ad"]                     // [42]
/// state.tabs.release("/?q=ad")             // true: its last holder let go; it is gone
/// ```
///
/// In JSON (a journal's states, an exported test) it is an array of `{"key":…,"scene":…}`: who
/// holds a scene is where the screens are, not what the scene is, so it is not written.
public struct Scenes<Key: Hashable & Sendable, Scene: Equatable & Sendable>: Equatable, Sendable {
    /// One open scene: its state, and how many screens hold it open.
    public struct Open: Equatable, Sendable {
        /// The scene's state.
        public fileprivate(set) var scene: Scene
        /// How many holds keep it open; a scene read from JSON has none.
        public fileprivate(set) var holders: Int
    }

    /// The open scenes, by key.
    public private(set) var open: [Key: Open] = [:]

    /// No scene open.
    public init() {}

    /// The state of the scene open at `key`, or `nil` when none is.
    public subscript(key: Key) -> Scene? { open[key]?.scene }

    /// The keys of the open scenes, in no particular order.
    public var keys: [Key] { Array(open.keys) }

    /// Holds the scene at `key` open, opening it with `scene` when none is: returns whether it
    /// was opened now.
    @discardableResult
    public mutating func hold(_ key: Key, opening scene: @autoclosure () -> Scene) -> Bool {
        guard open[key] == nil else {
            open[key]?.holders += 1
            return false
        }
        open[key] = Open(scene: scene(), holders: 1)
        return true
    }

    /// Lets go of the scene at `key`: returns whether that was its last holder, which closed it.
    /// Nothing happens for a key not open.
    @discardableResult
    public mutating func release(_ key: Key) -> Bool {
        guard let held = open[key] else { return false }
        guard held.holders <= 1 else {
            open[key]?.holders -= 1
            return false
        }
        open[key] = nil
        return true
    }

    /// Changes the scene open at `key`; nothing when none is (it closed meanwhile).
    public mutating func update(_ key: Key, _ change: (inout Scene) -> Void) {
        guard let index = open.index(forKey: key) else { return }
        change(&open.values[index].scene)
    }
}

extension Scenes: CustomReflectable {
    /// The scenes as a dictionary by key, so that a change reads `lists[q=ad].scene.result...`.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: open.map { ($0.key, $0.value) }, displayStyle: .dictionary)
    }
}

extension Scenes: Codable where Key: Codable, Scene: Codable {
    private struct Written: Codable {
        let key: Key
        let scene: Scene
    }

    /// Reads the scenes as an array of `{"key":…,"scene":…}`, none held.
    public init(from decoder: any Decoder) throws {
        let written = try [Written](from: decoder)
        for scene in written { open[scene.key] = Open(scene: scene.scene, holders: 0) }
    }

    /// Writes the scenes as an array of `{"key":…,"scene":…}`, leaving out who holds them.
    public func encode(to encoder: any Encoder) throws {
        try open.map { Written(key: $0.key, scene: $0.value.scene) }.encode(to: encoder)
    }
}
