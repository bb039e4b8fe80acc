import Foundation
import Persons

/// The addresses of person pages, with ids percent-encoded.
enum PersonPath {
    private static let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%"))

    static func encoded(_ id: Person.ID) -> String {
        id.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func detail(_ id: Person.ID) -> String { "/people/\(encoded(id))" }

    static func move(_ id: Person.ID) -> String { "/people/\(encoded(id))/move" }

    static func events(_ id: Person.ID) -> String {
        "/events?screen=detail&id=" + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
