import Persons
import Pure
import PureReplay

/// The use cases the journal records, each under the name it records it by (the `Serving`
/// property), declared once for everything that reads a journal back: an exported test writes
/// each call's arguments from their values, decoded to the types declared here, and a replay
/// calls them on the Raft. A use case of `Serving` missing here fails `UseCaseDeclarationTests`
/// by name, and one recorded but not declared is refused by name when a journal is read back.
///
/// ```swift
/// let export = TestExport(imports: ["Persons"], container: "raft", useCases: Journaled.useCases) { _ in [] }
/// ```
public enum Journaled {
    /// Every use case of `Serving` that records its calls.
    public static let useCases: [RecordedUseCase<any Serving>] = [
        RecordedUseCase("loadPersonAction") { $0.loadPersonAction },
        RecordedUseCase("openPersonAction") { $0.openPersonAction },
        RecordedUseCase("editPersonAction") { $0.editPersonAction },
        RecordedUseCase("addPersonAction") { $0.addPersonAction },
        RecordedUseCase("deletePersonAction") { $0.deletePersonAction },
        RecordedUseCase("resolveConflictAction") { $0.resolveConflictAction },
        RecordedUseCase("syncAddressBookAction") { $0.syncAddressBookAction },
        RecordedUseCase("findAddressBooksAction") { $0.findAddressBooksAction },
        RecordedUseCase("requestAddressBookSyncAction") { $0.requestAddressBookSyncAction },
        RecordedUseCase("chooseAddressBookAction") { $0.chooseAddressBookAction },
        RecordedUseCase("settleDeletionsAction") { $0.settleDeletionsAction },
        RecordedUseCase("loadDeletedAction") { $0.loadDeletedAction },
        RecordedUseCase("countPeopleAction") { $0.countPeopleAction },
        RecordedUseCase("restorePersonAction") { $0.restorePersonAction },
        RecordedUseCase("applyRegionAction") { $0.applyRegionAction },
        RecordedUseCase("applyUsernameAction") { $0.applyUsernameAction },
        RecordedUseCase("syncPersonsAction") { $0.syncPersonsAction },
        RecordedUseCase("requestSyncAction") { $0.requestSyncAction },
        RecordedUseCase("moveHereAction") { $0.moveHereAction },
        RecordedUseCase("openListAction") { $0.openListAction },
    ]

    /// The scenes of the app state: each list and person a call opened or changed is checked whole by an
    /// exported test and a replay, apart from the app state's own changes.
    public static let scenes: [RecordedScenes<Roger>] = [
        RecordedScenes("lists", \.lists), RecordedScenes("people", \.people),
    ]
}
