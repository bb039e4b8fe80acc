import Persons

/// A page of the people list as lines of text (see ``Persons/Listing``): the summary, then the
/// rows, under their region while the region switch is on.
struct ListText {
    let lines: [String]

    init(_ list: ListState, _ switches: Switches) {
        let listing = Listing(list, switches)
        var lines = [listing.summary]
        if let empty = listing.empty {
            lines.append(empty == .nothingStored ? empty.text + " Run `pure sync`." : empty.text)
        }
        for section in listing.sections {
            if let heading = section.heading {
                lines.append("")
                lines.append(heading)
            }
            for row in section.rows {
                let name = row.username.map { "\(row.name) (\($0))" } ?? row.name
                lines.append("  \((row.label ?? Person.none).padding(11))  \(name.padding(28))  \(row.id)")
            }
        }
        self.lines = lines
    }
}

extension String {
    /// The text left-aligned in `width` columns (longer text is kept whole).
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
