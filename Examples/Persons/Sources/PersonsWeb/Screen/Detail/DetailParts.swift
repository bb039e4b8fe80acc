import Persons
import PersonsShow
import PureLive

/// One person's page, declared once for the live engine (see `LivePage`): its live parts, the
/// switches and the details, which follow them, and the page made of them.
struct DetailParts: LivePage {
    let person: Person
    let switches: LivePart<Roger, SwitchesInput, SwitchesView>
    let details: LivePart<Roger, Switches, PersonDetailView>

    /// The parts of `person`'s page.
    init(_ person: Person) {
        self.person = person
        switches = .switches { SwitchesInput(field: $0.field, back: .page(SitePath.person(person.id))) }
        details = LivePart(reads: \Roger.field) {
            PersonDetailView(
                name: person.name, photo: person.photo.map { SitePath.photo(PhotoFile.name(for: $0)) },
                rows: person.details($0).map { ($0.label, $0.value) })
        }
    }

    /// The whole page, with the outcome of the last MOVE if there is one.
    func page(_ state: Roger, move: MoveView?) -> DetailPage {
        DetailPage(
            title: person.name, live: SitePath.person(person.id), switches: switches.component(state),
            person: details.component(state),
            move: move ?? MoveView(action: SitePath.move(person.id), text: nil, isFailure: false))
    }

    /// The whole page.
    func page(_ state: Roger) -> String {
        Shows.render(page(state, move: nil))
    }
}
