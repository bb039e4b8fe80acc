import Persons
import PersonsShow
import Pure
import PureLive

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

    /// The whole page for `person`, with the last move's outcome.
    func page(_ person: Person, move: MoveView) -> DetailPage {
        DetailParts(person).page(appState.value, move: move)
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

    /// `person`'s page, live.
    func liveParts(_ person: Person) -> LiveParts<Roger, Roger> {
        LiveParts(store: appState, page: DetailParts(person))
    }
}
