import Persons
import PersonsShow
import Pure
import PureLive

/// One person's page, declared once for the live engine (see `LivePage`): its live parts, the
/// switches and the details, each what it reads of the app state and of the person's scene, and
/// the page made of them. An edit anywhere (another tab, `pure edit`, the address book) shows in
/// the details; a field changed both here and in the address book shows both values and a choice;
/// a deletion replaces the link to edit with a notice.
struct DetailParts: LivePage {
    typealias State = SceneState<Roger, PersonState>

    let switches = LivePart<State, SwitchesInput, SwitchesView>.switches {
        SwitchesInput(field: $0.app.field, back: .page(SitePath.person($0.scene.id)))
    }

    let details = LivePart(reads: DetailsInput.init) { input in
        let person = input.scene.person
        let name = person?.name ?? input.scene.id
        return PersonDetailView(
            name: name, photo: person?.photo.map { SitePath.photo(PhotoFile.name(for: $0)) },
            rows: person?.details(input.field).map { ($0.label, $0.value) } ?? [],
            conflicts: input.scene.isDeleted ? [] : Self.conflicts(of: input.scene),
            edit: input.scene.isDeleted ? nil : SitePath.edit(input.scene.id),
            notice: input.scene.isDeleted ? "\(name) has been deleted." : input.scene.message)
    }

    /// The choice for each field of `scene`'s person changed both here and in the address book.
    private static func conflicts(of scene: PersonState) -> [ConflictView] {
        guard let person = scene.person else { return [] }
        return scene.conflicts.map { conflict in
            ConflictView(
                action: SitePath.conflict(scene.id), field: conflict.field.rawValue, label: conflict.field.label,
                here: conflict.field.text(of: person), there: conflict.there)
        }
    }

    /// What the details show: the person's scene, and the switches that say which rows.
    struct DetailsInput: Equatable, Sendable {
        let scene: PersonState
        let field: Switches

        init(_ state: State) {
            scene = state.scene
            field = state.app.field
        }
    }

    /// The whole page, with the outcome of the last MOVE if there is one.
    func page(_ state: State, move: MoveView?) -> DetailPage {
        let id = state.scene.id
        return DetailPage(
            title: state.scene.person?.name ?? id, live: SitePath.person(id), switches: switches.component(state),
            person: details.component(state),
            move: move ?? MoveView(action: SitePath.move(id), text: nil, isFailure: false))
    }

    /// The whole page.
    func page(_ state: State) -> String {
        Shows.render(page(state, move: nil))
    }
}
