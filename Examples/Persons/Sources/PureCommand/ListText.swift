import Persons

/// A page of the people list as lines of text: a header, then rows, in region sections while
/// the region switch is on.
struct ListText {
    let lines: [String]

    init(_ state: Roger) {
        let query = state.query
        let total = query.isTotalCapped ? "\(query.total)+" : "\(query.total)"
        var lines = ["Page \(query.page + 1) of \(query.pageCount), \(total) \(query.total == 1 ? "person" : "people")"]
        if query.metas.isEmpty {
            lines.append(
                query.total > 0
                    ? "No people on this page."
                    : query.isFiltered ? "No one matches." : "No people yet: run `pure sync`.")
        }
        var section: String?
        for meta in query.metas {
            if state.field.isRegion, meta.country != section {
                section = meta.country
                lines.append("")
                lines.append(meta.country)
            }
            let shown = state.field.isUsername ? meta.username : meta.name
            lines.append("  \(meta.generation.label.padding(6))  \(shown.padding(28))  \(meta.id)")
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
