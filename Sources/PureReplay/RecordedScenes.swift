@_spi(Replay) import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `Scenes` of a state a journal records, declared once for what reads the journal back:
/// the property's name (the key of its JSON and the start of its changes' paths) and the
/// property. An exported test (``TestExport``) and a replay (PureTesting's `replay`) check the
/// app state's changes apart from the scenes, and each scene as a whole: every scene a call left
/// open, as the journal recorded it, must be open after the step with the same state (rows,
/// counts, positions), whatever the screens held between.
///
/// ```swift
/// let scenes: [RecordedScenes<Roger>] = [RecordedScenes("lists", \.lists)]
/// ```
public struct RecordedScenes<State: Sendable>: Sendable {
    /// The property's name: the key of its JSON, and how its changes' paths start.
    public let name: String
    private let clear: @Sendable (inout State) -> Void
    private let compare: @Sendable (State, JSONValue) -> [String]

    /// The scenes at `path`, recorded under its name, `name`.
    public init<Key: Codable, Scene: Codable>(
        _ name: String, _ path: WritableKeyPath<State, Scenes<Key, Scene>> & Sendable
    ) {
        self.name = name
        clear = { $0[keyPath: path] = Scenes() }
        compare = { state, recorded in
            let scenes: Scenes<Key, Scene>
            do {
                scenes = try JSONDecoder().decode(Scenes<Key, Scene>.self, from: Data(recorded.description.utf8))
            } catch {
                return ["\(name): the recorded scenes cannot be read: \(error)"]
            }
            let now = state[keyPath: path]
            return scenes.open.sorted { describe($0.key) < describe($1.key) }.flatMap { key, open in
                let place = "\(name)[\(describe(key))]"
                guard let scene = now[key] else { return ["\(place): open then, not now"] }
                return StateDifference(from: open.scene, to: scene).changes.map { change in
                    let path = change.path.isEmpty || change.path.hasPrefix("[") ? change.path : "." + change.path
                    return "\(place)\(path): recorded \(change.old), now \(change.new)"
                }
            }
        }
    }

    /// `state` without these scenes: what the app state's own changes are compared on.
    public func cleared(_ state: State) -> State {
        var state = state
        clear(&state)
        return state
    }

    /// How the scenes of `state` differ from those `recorded` (the scenes' JSON, as a journal
    /// has it): a line for each recorded scene not open in `state` and for each path where one
    /// differs; none when every recorded scene is open as it was. Scenes open in `state` and not
    /// recorded are not compared.
    public func differences(in state: State, from recorded: JSONValue) -> [String] {
        compare(state, recorded)
    }

    /// Whether a change at `path` is a change of these scenes.
    public func contains(path: String) -> Bool {
        path == name || path.hasPrefix(name + "[") || path.hasPrefix(name + ".")
    }
}
