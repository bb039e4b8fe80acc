import Persons
import PersonsShow
import Pure
import PureLive

/// The detail screen's view model: opens the person's scene through the service's action,
/// renders it, keeps it live while the page is open, and runs MOVE.
final class DetailViewModel: Sendable {
    let id: Person.ID
    private let appState: AppState
    private let openPerson: OpenPersonUsecase
    private let moveHere: MoveHereUsecase

    init(_ service: any Serving, id: Person.ID) {
        self.id = id
        appState = service.appState
        openPerson = service.openPersonAction
        moveHere = service.moveHereAction
    }

    /// Opens the person's scene, read: the page's own, for as long as the page holds it;
    /// ``Fizzle/notFound(_:)`` for an unknown id.
    func open() async throws(Fizzle) -> PersonHold {
        try await openPerson(id)
    }

    /// The whole page of the person `hold` holds, with the last move's outcome.
    func page(_ hold: PersonHold, move: MoveView) -> DetailPage? {
        SceneState.read(\Roger.people, hold.key)(appState.value).map { DetailParts().page($0, move: move) }
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

    /// The page of the person `hold` holds, live.
    func liveParts(_ hold: PersonHold) -> LiveParts<Roger, SceneState<Roger, PersonState>> {
        LiveParts(store: appState, scene: hold, of: \.people, page: DetailParts())
    }
}
