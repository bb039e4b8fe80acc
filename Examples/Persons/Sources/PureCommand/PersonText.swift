import Persons

/// A person as `pure show`, `pure edit` and `pure add` print them: the details every screen
/// shows, then what a terminal cannot show otherwise.
enum PersonText {
    static func print(_ person: Person, _ switches: Switches) {
        let rows =
            person.details(switches).map { ($0.label, $0.value) } + [
                ("Photo", person.photo ?? Person.none), ("ID", person.id),
            ]
        for (label, value) in rows {
            Terminal.print("\(label.padding(7)) \(value)")
        }
    }
}
