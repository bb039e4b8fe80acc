import Persons
import PersonsShow
import Pure

/// The detail screen's view model: loads a person through the service's action, renders them,
/// re-renders what the switches change while the page is open, and runs MOVE.
final class DetailViewModel: Sendable {
    let id: Person.ID
    private let appState: AppState
    private let loadPerson: LoadPersonUsecase
    private let moveHere: MoveHereUsecase

    init(_ service: any Serving, id: Person.ID) {
        self.id = id
        appState = service.appState
        loadPerson = service.loadPersonAction
        moveHere = service.moveHereAction
    }

    /// Shows the person: sets the route and reads them; ``Fizzle/notFound(_:)`` for an unknown id.
    func load() async throws(Fizzle) -> Person {
        try await loadPerson(id)
    }

    /// The whole page for `person`, with the last move's outcome if any.
    func page(_ person: Person, move: MoveView? = nil) -> DetailPage {
        let field = appState.value.field
        return DetailPage(
            title: person.name, events: SitePath.events("detail", [("id", id)]), switches: switches(field),
            person: Self.details(person, field),
            move: move ?? MoveView(action: SitePath.move(id), text: nil, isFailure: false))
    }

    /// The article's demo: walks if the region switch is on, flies if the username switch is on.
    func move() async -> MoveView {
        let field = appState.value.field
        do {
            let text = try await moveHere(field.isRegion, field.isUsername)
            return MoveView(action: SitePath.move(id), text: text, isFailure: false)
        } catch {
            return MoveView(action: SitePath.move(id), text: error.message, isFailure: true)
        }
    }

    /// The live parts of this person's page.
    func liveScreen(_ person: Person) -> DetailLiveScreen {
        DetailLiveScreen(model: self, person: person, appState: appState)
    }

    func switches(_ field: Switches) -> SwitchesView {
        SwitchesView(isRegion: field.isRegion, isUsername: field.isUsername, back: SitePath.person(id))
    }

    /// The person's details as every screen shows them (see ``Persons/Person/details(_:)``).
    static func details(_ person: Person, _ field: Switches) -> PersonDetailView {
        PersonDetailView(
            name: person.name, photo: person.photo, rows: person.details(field).map { ($0.label, $0.value) })
    }
}

// MARK: - Live parts

/// The live parts of one person's page: the switches and the details, which follow them.
struct DetailLiveScreen: LiveScreen {
    let model: DetailViewModel
    let person: Person
    let appState: AppState

    /// Every change of the switches, starting with their current setting.
    func watchChanges(_ send: @escaping @Sendable (Switches) -> Void) async {
        for await field in appState.stored(\.field) { send(field) }
    }

    /// The switches and the details for `field`.
    func fragments(for field: Switches) -> [Fragment] {
        [
            HomeRenderer.fragment(model.switches(field)),
            HomeRenderer.fragment(DetailViewModel.details(person, field)),
        ]
    }

    /// The switches and the details as they are now.
    func allFragments() -> [Fragment] {
        fragments(for: appState.value.field)
    }
}
