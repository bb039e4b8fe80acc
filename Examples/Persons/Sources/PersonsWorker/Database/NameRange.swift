/// The names that start with a prefix, as a range of the case-insensitive name index:
/// `low <= name < high`. The `name` column's NOCASE collation folds ASCII letters.
struct NameRange {
    let low: String
    let high: String

    init(prefix: String) {
        low = prefix
        // No name continues the prefix with a character above the last Unicode scalar.
        high = prefix + "\u{10FFFF}"
    }
}
