import Persons
import Pure
import PureReplay

/// What a journal of this app records, declared once for everything that reads one back: the
/// use cases, each under the name it records it by (the `Serving` property), and the scenes.
/// An exported test writes each call's arguments from their values, decoded to the types the
/// use case takes, and a replay calls them on the Raft; a call of a use case not declared is
/// refused by name when a journal is read back.
///
/// `useCases` is written at each build from `Serving` (the JournaledUseCases plugin, in
/// `Plugins/`): a use case is its file under `PersonsVessel/Usecase/` and its line in `Serving`.
///
/// ```swift
/// let export = TestExport(imports: ["Persons"], container: "raft", useCases: Journaled.useCases) { _ in [] }
/// ```
public enum Journaled {
    /// The scenes of the app state: each list and person a call opened or changed is checked whole by an
    /// exported test and a replay, apart from the app state's own changes.
    public static let scenes: [RecordedScenes<Roger>] = [
        RecordedScenes("lists", \.lists), RecordedScenes("people", \.people),
    ]
}
