import Pure

/// One person on screen (a browser tab's person page, a native app's detail window): the person
/// as last read, kept in step with the stored people while a screen holds it. Each open person is
/// a scene of the app state (``Roger/people``), so an edit made in one tab, by `pure edit` or by
/// an address book's pull shows on every page of that person, and the journal records it.
///
/// ```swift
/// let jane = try await service.openPersonAction("p1")
/// service.appState.value.people[jane.key]?.person?.name   // "Jane Roe"
/// ```
public struct PersonState: Equatable, Sendable, Codable {
    /// The person's id.
    public let id: Person.ID
    /// The person as last read; `nil` until first read. Kept once they are deleted, for the page
    /// to say whom.
    public var person: Person?
    /// The fields changed both here and in the address book, each with the address book's value,
    /// for the user to choose; in ``PersonField`` order.
    public var conflicts: [PersonConflict]
    /// Whether the person was deleted since the scene opened.
    public var isDeleted: Bool
    /// Why the person could not be read again, for the user; `nil` when they were.
    public var message: String?

    /// The scene of the person `id`, nothing read yet.
    ///
    /// ```swift
    /// PersonState(id: "p1")
    /// ```
    public init(
        id: Person.ID, person: Person? = nil, conflicts: [PersonConflict] = [], isDeleted: Bool = false,
        message: String? = nil
    ) {
        self.id = id
        self.person = person
        self.conflicts = conflicts
        self.isDeleted = isDeleted
        self.message = message
    }
}

/// A screen's hold on an open person: the person stays in ``Roger/people``, kept in step with the
/// stored people, for as long as a hold on them lives. Screens of the same person share one scene.
///
/// ```swift
/// let jane = try await service.openPersonAction("p1")
/// for await name in service.appState.stored({ $0.people[jane.key]?.person?.name }) { show(name) }
/// ```
public typealias PersonHold = SceneHold<Person.ID>
