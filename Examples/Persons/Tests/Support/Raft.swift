import Foundation
import GRDB
import NIOConcurrencyHelpers
import Persons
import PersonsReplay
@_spi(Testing) import PersonsVessel
import PersonsWorker
import Pure
import PureReplay

/// The real Vessel, every use case as the app has it, over workers that keep everything in
/// memory: the database worker on GRDB's in-memory database holding the people and switches
/// given, photos in memory (the sample photo for each person's), a recording web worker that
/// answers with the same people, and, if given, an address book in memory
/// (``RecordingAddressBook``). For screen tests and previews: a screen test exercises the use
/// cases the app runs, none written twice: each is the vessel's own, found through the vessel
/// (`@dynamicMemberLookup`), but for opening a list or a person, whose scenes the Raft keeps open
/// as a screen that stays would. Where a `Serving` is asked for (a web server, a replay), give
/// its ``vessel``. Its background work (following the file's changes, the syncs asked for) runs
/// only when a test runs it (``run()``).
///
/// ```swift
/// let raft = try await Raft()
/// try await raft.applyRegionAction(false)   // the app's own use case, on the memory database
/// ```
@dynamicMemberLookup
public final class Raft: Sendable {
    /// The vessel every use case runs in.
    public let vessel: Vessel
    /// Every list ``openListAction`` and person ``openPersonAction`` opened: a test keeps its
    /// scenes open as a screen that stays would, so that the steps of a session find each scene
    /// as the session's screens kept it.
    private let holds = NIOLockedValueBox<[any Sendable]>([])
    /// The directory it syncs from: its calls are the syncs and photo downloads made.
    public let web: RecordingWeb

    /// A vessel holding `people` and `switches`, linked with `addressBook` if given, pulling it
    /// every `pullEvery` while it runs, and exchanging with it `saveSettles` after the last of
    /// some saves here.
    public convenience init(
        people: [Person] = Samples.people, switches: Switches = Switches(), addressBook: RecordingAddressBook? = nil,
        pullEvery: Duration = .seconds(60), saveSettles: Duration = .milliseconds(500)
    ) async throws {
        try await self.init(
            state: Roger(sys: Roger.Sys(sync: .success(nil)), field: switches), people: people,
            addressBook: addressBook, pullEvery: pullEvery, saveSettles: saveSettles)
    }

    /// A vessel whose app state is `state` (its switches persisted) holding `people`, its use
    /// cases reading the lists' pages through what `lists` makes of the real worker (a test of
    /// what catches a changed query wraps it) and, where `pages` kept one for a call, as it was
    /// recorded, linked with `addressBook` if given.
    public init(
        state: Roger, people: [Person], pages: RecordedPages = RecordedPages([]),
        lists: (any ListDBWork) -> any ListDBWork = { $0 }, addressBook: RecordingAddressBook? = nil,
        pullEvery: Duration = .seconds(60), saveSettles: Duration = .milliseconds(500)
    ) async throws {
        let db = try PersonDBWorker(database: DatabaseQueue())
        try await db.savePersons(people) { _ in }
        // The conflicts the state's people show, as the merge with an address book kept them: a
        // recorded choice between two values finds them again.
        for id in state.people.keys {
            guard let scene = state.people[id], let person = scene.person, !scene.conflicts.isEmpty else { continue }
            try await db.recordPush(CardPush(id: id, sent: person, card: nil, conflicts: scene.conflicts))
        }
        for name in Switches.Name.allCases where !state.field[name] {
            try await db.saveSwitch(name, isOn: false)
        }
        let photos = RecordingPhotos()
        for address in Set(people.compactMap(\.photo)) {
            try photos.keep(Samples.photo, as: PhotoFile.name(for: address))
        }
        let web = RecordingWeb(people: people)
        self.web = web
        // Recorded pages are answered by the number of the call that reads them, which only a
        // vessel with a journal gives its calls.
        vessel = Vessel(
            db: db, lists: ReplayedLists(base: lists(db), pages: pages), photos: photos,
            web: { () throws(Fizzle) -> any PersonWebWork in web }, addressBook: addressBook,
            pullEvery: pullEvery, saveSettles: saveSettles, state: state,
            journal: pages.pages.isEmpty && pages.sides.isEmpty ? nil : Journal())
    }

    /// A vessel as a recorded session started: the app state, the people, and the pages and side
    /// reads (the counts) kept for the reads it could not make again from them (``RecordedPages``), as JSON, as a
    /// test exported from the journal (`Export as test`) keeps them beside it.
    ///
    /// ```swift
    /// let data = try RecordedData()
    /// let raft = try await Raft(recorded: data["start"], people: data["people"])
    /// ```
    public convenience init(
        recorded state: JSONState, people: JSONState, pages: JSONState = [], sides: JSONState = []
    ) async throws {
        func decoded<Value: Decodable>(_ type: Value.Type, _ json: JSONState) throws -> Value {
            try JSONDecoder().decode(type, from: Data(json.description.utf8))
        }
        try await self.init(
            state: decoded(Roger.self, state), people: decoded([Person].self, people),
            pages: RecordedPages(
                decoded([RecordedPages.Page].self, pages), sides: decoded([RecordedPages.Side].self, sides)))
    }

    /// Runs the vessel's background work until cancelled: following the file's changes, the syncs
    /// asked for.
    public func run() async throws {
        try await vessel.run()
    }

    /// How many syncs started (each asks for its first page).
    public var syncCount: Int {
        web.calls.count { if case .downloadPage(1, _) = $0 { true } else { false } }
    }

    /// Changes the state as a use case would, for a test that needs a state no use case reaches
    /// from here (a sync under way, a failure).
    public func update(
        fileID: StaticString = #fileID, function: StaticString = #function, _ change: (inout Roger) -> Void
    ) {
        vessel.update(fileID: fileID, function: function, change)
    }

    /// Every other use case and value of the vessel, as the vessel has it: `raft.editPersonAction`
    /// is the vessel's own, so a new use case needs nothing here.
    public subscript<Value>(dynamicMember path: KeyPath<Vessel, Value>) -> Value {
        vessel[keyPath: path]
    }

    /// The vessel's own `openPersonAction`; each person it opens stays open while the Raft lives.
    public var openPersonAction: OpenPersonUsecase {
        { [self] id throws(Fizzle) in
            let person = try await vessel.openPersonAction(id)
            holds.withLockedValue { $0.append(person) }
            return person
        }
    }
    /// The vessel's own `openListAction`; each list it opens stays open while the Raft lives.
    public var openListAction: OpenListUsecase {
        { [self] criteria in
            let list = await vessel.openListAction(criteria)
            holds.withLockedValue { $0.append(list) }
            return list
        }
    }
}
