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
    /// Asks the address book for changes at once, showing only what it finds.
    var checkAddressBookAction: CheckAddressBookUsecase { get }
    /// Takes one of the address books the account offers for the exchanges.
    var chooseAddressBookAction: ChooseAddressBookUsecase { get }
    /// The user's say on the deletions a pull held back.
    var settleDeletionsAction: SettleDeletionsUsecase { get }
    /// The people deleted lately, which can be brought back.
    var loadDeletedAction: LoadDeletedUsecase { get }
    /// How many people have each value of a filter.
    var countPeopleAction: CountPeopleUsecase { get }
    /// The address books of the account given, found from its server's address.
    var findAddressBooksAction: FindAddressBooksUsecase { get }
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

// The signature of each use case above, in the same order, for a screen that keeps one: each is
// implemented in its own file under PersonsVessel/Usecase/, as an extension of the Vessel. Only
// a `Fizzle` can come out of them.

/// Sets the route to a person and reads them.
///
/// ```swift
/// let person = try await service.loadPersonAction("42")
/// ```
public typealias LoadPersonUsecase = @Sendable (Person.ID) async throws(Fizzle) -> Person

/// Saves a person as edited here: the fields the draft gives (``PersonDraft``), each checked,
/// over the stored person; a field it does not give stays as stored. Returns them as saved. A
/// field the user changed keeps its value when the directory is synced again.
/// ``Fizzle/invalidPerson(_:)`` says what to fix.
///
/// ```swift
/// let saved = try await service.editPersonAction(person.id, PersonDraft([.email: "ada@example.org"]))
/// ```
public typealias EditPersonUsecase = @Sendable (Person.ID, PersonDraft) async throws(Fizzle) -> Person

/// Adds a person here: checks each field of the draft and stores them under a new id.
///
/// ```swift
/// let ada = try await service.addPersonAction(PersonDraft([.name: "Ada Park", .age: "36", .country: "KR"]))
/// ```
public typealias AddPersonUsecase = @Sendable (PersonDraft) async throws(Fizzle) -> Person

/// Deletes a person here; the directory's sync does not bring them back.
///
/// ```swift
/// try await service.deletePersonAction(person.id)
/// ```
public typealias DeletePersonUsecase = @Sendable (Person.ID) async throws(Fizzle) -> Void

/// Ends the conflict on a field changed both here and in the address book (see
/// ``PersonConflict``) with the user's choice: `.here` keeps the value here, `.there` saves the
/// address book's value as an edit. Returns the person as stored; ``Fizzle/noConflict(_:)`` if
/// the field has none (chosen meanwhile in another tab).
///
/// ```swift
/// let ada = try await service.resolveConflictAction(ada.id, .email, .there)
/// ```
public typealias ResolveConflictUsecase =
    @Sendable (Person.ID, PersonField, PersonConflict.Choice) async throws(Fizzle) -> Person

/// Opens a person's scene in the app state (``Roger/people``; the one already open, if any),
/// sets the route to them, and returns once they are read, or ``Fizzle/notFound(_:)``. The scene
/// follows the stored people (an edit, a deletion) for as long as the hold it returns lives.
///
/// ```swift
/// let jane = try await service.openPersonAction("p1")
/// service.appState.value.people[jane.key]?.person?.email
/// ```
public typealias OpenPersonUsecase = @Sendable (Person.ID) async throws(Fizzle) -> PersonHold

/// Exchanges changes with the address book: lists what changed there, plans each person's step
/// (``AddressBookPlan``), stores what came from there, then sends every change made here, in the
/// order made, each once; returns what it did, in words. Its progress and
/// outcome are also in ``Roger/Sys/addressBook``.
///
/// ```swift
/// let report = try await service.syncAddressBookAction()   // "Sent 2 changes; received 1."
/// ```
public typealias SyncAddressBookUsecase = @Sendable () async throws(Fizzle) -> String

/// Takes the address book at `address`, one of those the app state offers
/// (``Roger/Sys/offeredBooks``: the account given has several), for every exchange from now on,
/// and asks for an exchange, which links the people with it. Returns the address taken.
///
/// ```swift
/// let book = appState.value.sys.offeredBooks?.books.first
/// _ = try await service.chooseAddressBookAction(book!.address)
/// ```
public typealias ChooseAddressBookUsecase = @Sendable (_ address: String) async throws(Fizzle) -> String

/// The user's say on the deletions a pull held back (too many at once, see ``DeletionGuard``):
/// `true` deletes those people here too (kept a while among the deleted), `false` puts them back
/// in the address book at the next exchange. Returns what was done, in words.
///
/// ```swift
/// let message = try await service.settleDeletionsAction(false)   // "100 people will be put back…"
/// ```
public typealias SettleDeletionsUsecase = @Sendable (_ accept: Bool) async throws(Fizzle) -> String

/// The people deleted in the last ``DeletedPerson/keptDays`` days, here or by the address book,
/// newest first: what can be brought back.
///
/// ```swift
/// let gone = try await service.loadDeletedAction()
/// ```
public typealias LoadDeletedUsecase = @Sendable () async throws(Fizzle) -> [DeletedPerson]

/// How many people have each value of `filter`: each region present, each gender.
///
/// ```swift
/// let regions = try await service.countPeopleAction(.region)   // ["KR": 120, "US": 98, …]
/// ```
public typealias CountPeopleUsecase = @Sendable (ListFilter) async throws(Fizzle) -> [String: Int]

/// The address books of the account the app was given (`--carddav`, taken as the server's
/// address), found as a contacts app finds them; the password stays in the configuration, out of
/// the journal.
///
/// ```swift
/// let found = try await service.findAddressBooksAction()   // FoundAddressBooks(books: [...])
/// ```
public typealias FindAddressBooksUsecase = @Sendable () async throws(Fizzle) -> FoundAddressBooks

/// Brings back a person deleted lately, as they were; a linked address book gets them back at
/// the next exchange. ``Fizzle/notDeleted(_:)`` if nobody deleted lately has the id.
///
/// ```swift
/// let ada = try await service.restorePersonAction("p1")
/// ```
public typealias RestorePersonUsecase = @Sendable (Person.ID) async throws(Fizzle) -> Person

/// Asks for an exchange with the address book and returns at once: the app's own work runs it,
/// and its progress and outcome arrive in ``Roger/Sys/addressBook``.
///
/// ```swift
/// service.requestAddressBookSyncAction()
/// ```
public typealias RequestAddressBookSyncUsecase = @Sendable () -> Void

/// Asks the address book for changes at once (a page came back into view): a check, which shows
/// nothing unless it finds something, after the exchange running, if any.
///
/// ```swift
/// service.checkAddressBookAction()
/// ```
public typealias CheckAddressBookUsecase = @Sendable () -> Void

/// Sets the region switch and persists it.
///
/// ```swift
/// try await service.applyRegionAction(false)
/// ```
public typealias ApplyRegionUsecase = @Sendable (Bool) async throws(Fizzle) -> Void

/// Sets the username switch and persists it.
///
/// ```swift
/// try await service.applyUsernameAction(true)
/// ```
public typealias ApplyUsernameUsecase = @Sendable (Bool) async throws(Fizzle) -> Void

/// Downloads this many people, stores them, and says what was stored and what was skipped.
/// A download with no usable person is a failure.
///
/// ```swift
/// let report = try await service.syncPersonsAction(100)
/// print(report.message)
/// ```
public typealias SyncPersonsUsecase = @Sendable (Int) async throws(Fizzle) -> SyncReport

/// Asks for a sync of this many people and returns at once: the app's own work runs it, and its
/// progress and outcome arrive in `sys`.
///
/// ```swift
/// service.requestSyncAction(defaultSyncCount)
/// ```
public typealias RequestSyncUsecase = @Sendable (Int) -> Void

/// How many people a sync downloads unless told otherwise: on the first launch, from the
/// re-sync button, and by `pure sync` without `--count`.
public let defaultSyncCount = 100

/// The article's demo action: walks if it has legs, flies if it has wings, says how it went.
///
/// ```swift
/// let text = try await service.moveHereAction(true, true)   // "LEGWING"
/// ```
public typealias MoveHereUsecase = @Sendable (_ isLeg: Bool, _ isWing: Bool) async throws(Fizzle) -> String

/// Opens the people list for criteria in the app state (``Roger/lists``; the one already open
/// for them, if any) and returns once its page is read, or the list says why it cannot be. The
/// search is trimmed and cut to `Vessel.searchLimit` characters; each filter's value is checked
/// by its declaration, and one it cannot have keeps everyone. The list follows the stored people
/// and the region switch for as long as the hold it returns lives.
///
/// ```swift
/// let list = await service.openListAction(ListCriteria(search: "ad", filters: [.region: "KR"]))
/// service.appState.value.lists[list.key]?.result.total
/// ```
public typealias OpenListUsecase = @Sendable (ListCriteria) async -> ListHold

/// The photo kept under a name (see ``PhotoFile/name(for:)``), or `nil` if there is none.
///
/// ```swift
/// let photo = await service.loadPhotoAction(PhotoFile.name(for: address))
/// ```
public typealias LoadPhotoUsecase = @Sendable (String) async -> PhotoFile?
