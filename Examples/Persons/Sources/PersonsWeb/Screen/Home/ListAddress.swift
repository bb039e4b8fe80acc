import Foundation
import Persons
import PersonsShow

/// A people list's address: its criteria in the home page's query, so that every tab is its
/// own place, and Back, reload, bookmarks and a link opened anew show what was shown. Read and
/// checked here, once, and written here for every link and form that goes to a list.
///
/// ```swift
/// ListAddress.path(ListCriteria(search: "ad", filters: [.region: "KR"]))   // "/?q=ad&region=KR"
/// try ListAddress.criteria(query: "q=ad&at=from%3AM")   // search "ad", from M
/// ```
enum ListAddress {
    /// The search's parameter.
    static let search = "q"
    /// The order's parameter (``Persons/ListOrder``'s name); left out for the default.
    static let order = "order"
    /// The position's parameter (``Persons/ListPosition``'s text form); left out at the start.
    static let position = "at"
    /// The longest value read from an address.
    static let valueLimit = ListPosition.textLimit

    /// The address of the list of `criteria`: the search, each filter by its name in declaration
    /// order, the order, then the position, each left out when empty or the default.
    static func path(_ criteria: ListCriteria) -> String {
        var parameters = [(search, criteria.search)]
        parameters += ListFilter.allCases.map { ($0.rawValue, criteria.filters[$0] ?? "") }
        parameters.append((order, value(of: criteria.order)))
        parameters.append((position, criteria.position == .start ? "" : criteria.position.description))
        let query = parameters.filter { !$0.1.isEmpty }
            .map { "\($0)=\(SitePath.encoded($1, allowing: SitePath.unreserved))" }.joined(separator: "&")
        return query.isEmpty ? SitePath.home : "\(SitePath.home)?\(query)"
    }

    /// The criteria the query of an address (`q=ad&region=KR`, as a form sends it) asks for.
    /// A parameter given empty keeps everyone (or the default order); one the list does not take
    /// is ignored. Throws the page to show for what no list can be: a filter's value no person
    /// can have, an order not declared, a position no list has, a value with a control character
    /// or past ``valueLimit``, bad percent-encoding.
    static func criteria(query: String?) throws -> ListCriteria {
        var given: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let name = String(pair.prefix { $0 != "=" })
            guard
                let value = String(pair.drop { $0 != "=" }.dropFirst()).replacingOccurrences(of: "+", with: " ")
                    .removingPercentEncoding,
                value.utf8.count <= valueLimit,
                !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw PageError.badRequest }
            given[name] = value
        }
        var criteria = ListCriteria(search: given[search] ?? "")
        for filter in ListFilter.allCases {
            guard let text = given[filter.rawValue], !text.isEmpty else { continue }
            guard let value = filter.checked(text) else { throw PageError.noSuchValue(filter) }
            criteria.filters[filter] = value
        }
        if let text = given[order], !text.isEmpty {
            guard let chosen = ListOrder(rawValue: text) else { throw PageError.noSuchOrder }
            criteria.order = chosen
        }
        if let text = given[position] {
            guard let at = ListPosition(text) else { throw PageError.noSuchPosition }
            criteria.position = at
        }
        return criteria
    }

    /// The order's value in an address and in the search form's choice: empty for the default,
    /// which an address leaves out.
    static func value(of order: ListOrder) -> String {
        order == ListCriteria().order ? "" : order.rawValue
    }
}
