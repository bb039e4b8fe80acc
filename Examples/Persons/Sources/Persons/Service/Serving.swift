/// How screens see the app: the read-only state and one use case per property.
///
/// A screen's view model takes what it needs here in its initializer and drops the service;
/// only a navigator keeps it, to build the next screen. Tests and previews pass a fake.
///
/// ```swift
/// final class DetailViewModel {
///     private let loadPerson: LoadPersonUsecase
///     init(_ service: any Serving, id: Person.ID) {
///         loadPerson = service.loadPersonAction
///     }
/// }
/// ```
public protocol Serving: Sendable {
    /// The app state, read-only.
    var appState: AppState { get }
    /// Shows a person: sets the route, reads the person.
    var loadPersonAction: LoadPersonUsecase { get }
    /// Opens a person for one tab or window: a scene of the app state.
    var openPersonAction: OpenPersonUsecase { get }
    /// Saves a person edited here.
    var editPersonAction: EditPersonUsecase { get }
    /// Adds a person here.
    var addPersonAction: AddPersonUsecase { get }
    /// Deletes a person here.
    var deletePersonAction: DeletePersonUsecase { get }
    /// Ends a conflict with the address book on one field with the user's choice.
    var resolveConflictAction: ResolveConflictUsecase { get }
    /// Exchanges changes with the address book, if one is set.
    var syncAddressBookAction: SyncAddressBookUsecase { get }
    /// Asks for an exchange with the address book without waiting for it.
    var requestAddressBookSyncAction: RequestAddressBookSyncUsecase { get }
    /// The user's say on the deletions a pull held back.
    var settleDeletionsAction: SettleDeletionsUsecase { get }
    /// The people deleted lately, which can be brought back.
    var loadDeletedAction: LoadDeletedUsecase { get }
    /// Brings back a person deleted lately.
    var restorePersonAction: RestorePersonUsecase { get }
    /// Flips the region switch everywhere and persists it.
    var applyRegionAction: ApplyRegionUsecase { get }
    /// Flips the username switch everywhere and persists it.
    var applyUsernameAction: ApplyUsernameUsecase { get }
    /// Downloads people, stores them, and reports progress and the outcome in the state.
    var syncPersonsAction: SyncPersonsUsecase { get }
    /// Asks for a sync without waiting for it; its progress and outcome arrive in the state.
    var requestSyncAction: RequestSyncUsecase { get }
    /// The article's demo: walks with the web worker, flies with the database worker.
    var moveHereAction: MoveHereUsecase { get }
    /// Opens the people list for criteria, for one tab or window: a scene of the app state.
    var openListAction: OpenListUsecase { get }
    /// A person's photo, as the app keeps it.
    var loadPhotoAction: LoadPhotoUsecase { get }
}
