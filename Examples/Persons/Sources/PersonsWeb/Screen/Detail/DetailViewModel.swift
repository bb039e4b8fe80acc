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
            title: person.name, events: PersonPath.events(id), switches: switches(field),
            person: Self.details(person, field),
            move: move ?? MoveView(action: PersonPath.move(id), text: nil, isFailure: false))
    }

    /// Sends the switches and the details, re-rendered whenever a switch changes, until the
    /// page closes.
    func watch(_ person: Person, _ output: LiveOutput) async {
        for await field in appState.stored(\.field) {
            output.yield(HomeRenderer.fragment(switches(field)))
            output.yield(HomeRenderer.fragment(Self.details(person, field)))
        }
    }

    /// The article's demo: walks if the region switch is on, flies if the username switch is on.
    func move() async -> MoveView {
        let field = appState.value.field
        do {
            let text = try await moveHere(field.isRegion, field.isUsername)
            return MoveView(action: PersonPath.move(id), text: text, isFailure: false)
        } catch {
            return MoveView(action: PersonPath.move(id), text: error.message, isFailure: true)
        }
    }

    private func switches(_ field: Switches) -> SwitchesView {
        SwitchesView(isRegion: field.isRegion, isUsername: field.isUsername, back: PersonPath.detail(id))
    }

    /// Name, nick, email, age, region (only while the region switch is on) and phone.
    static func details(_ person: Person, _ field: Switches) -> PersonDetailView {
        var rows = [
            ("Name", person.name), ("Nick", person.username), ("Email", person.email), ("Age", String(person.age)),
        ]
        if field.isRegion { rows.append(("Region", person.country)) }
        rows.append(("Phone", person.cellphone ?? "–"))
        return PersonDetailView(name: person.name, photo: person.photo, rows: rows)
    }
}
