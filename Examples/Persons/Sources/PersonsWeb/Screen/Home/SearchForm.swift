import Persons

/// The search form: the text, and a value for each filter posted by its `ListFilter` name (empty
/// for everyone), each checked by its filter's declaration.
struct SearchForm: Decodable, Sendable {
    let q: String
    /// The filters given a value, in declaration order.
    let filters: [ListFilter: String]

    private enum Key: String, CodingKey {
        case q
    }

    /// A value no stored person can have fails, with a message naming the filter: it is not
    /// taken for "everyone".
    init(from decoder: any Decoder) throws {
        q = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .q)
        let given = try decoder.container(keyedBy: ListFilter.self)
        var filters: [ListFilter: String] = [:]
        for filter in ListFilter.allCases {
            guard let text = try given.decodeIfPresent(String.self, forKey: filter), !text.isEmpty else { continue }
            guard let value = filter.checked(text) else { throw PageError.noSuchValue(filter) }
            filters[filter] = value
        }
        self.filters = filters
    }
}
