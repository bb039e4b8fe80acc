import Persons

/// A person as `pure show`, `pure edit` and `pure add` print them: the details every screen
/// shows, then what a terminal cannot show otherwise, and the fields `choosing` (changed both
/// here and in the address book) with the command that chooses.
enum PersonText {
    static func print(_ person: Person, _ switches: Switches, choosing fields: [PersonField] = []) {
        let rows =
            person.details(switches).map { ($0.label, $0.value) } + [
                ("Photo", person.photo ?? Person.none), ("ID", person.id),
            ]
        // The values in one column, after the longest label shown.
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            Terminal.print("\(label.padding(width)) \(value)")
        }
        for field in fields {
            Terminal.print(
                "\(field.label) was changed both here and in the address book: choose with "
                    + "pure carddav choose \(CardDAVCommand.Choose.quoted(person.id)) \(field.rawValue) here|there")
        }
    }
}
