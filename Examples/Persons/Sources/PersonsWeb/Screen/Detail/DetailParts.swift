import Persons
import PersonsShow

/// The live parts of one person's page, each declared once (see ``LivePart``): the switches,
/// and the details, which follow them.
struct DetailParts: Sendable {
    let switches: LivePart<Roger, Switches, SwitchesView>
    let details: LivePart<Roger, Switches, PersonDetailView>

    /// The parts of `person`'s page.
    init(_ person: Person) {
        switches = .switches(back: SitePath.person(person.id))
        details = LivePart(reads: \Roger.field) {
            PersonDetailView(
                name: person.name, photo: person.photo, rows: person.details($0).map { ($0.label, $0.value) })
        }
    }
}
