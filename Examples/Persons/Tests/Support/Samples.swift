import Persons

/// Canned people for tests and previews.
public enum Samples {
    /// Four people in three regions.
    public static let people: [Person] = [
        Person(
            id: "p1", name: "Jane Roe", username: "jroe", gender: .female, email: "jane@example.com", age: 19,
            country: "KR", cellphone: "(010)-123-4567", photo: "https://example.com/jane.jpg"),
        Person(
            id: "p2", name: "Mark Lee", username: "mlee", gender: .male, email: "mark@example.com", age: 20,
            country: "JP"),
        Person(
            id: "p3", name: "Tom Park", username: "tpark", gender: .male, email: "tom@example.com", age: 45,
            country: "JP"),
        Person(
            id: "p4", name: "Leo Kim", username: "lkim", gender: .male, email: "leo@example.com", age: 35, country: "US"
        ),
    ]

    /// Whether `search` finds `person`: it starts a word of the name (and may go on into the
    /// next words) or the username, ignoring case and repeated spaces. What the database's
    /// search is checked against.
    public static func matches(_ person: Person, _ search: String) -> Bool {
        let query = search.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let words = person.name.lowercased().split(whereSeparator: \.isWhitespace)
        return query.isEmpty || person.username.lowercased().hasPrefix(query)
            || words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(query) }
    }

    /// The page `request` asks for, from people in memory, in the app's list order, with its
    /// count as the database gives it (a search's stops at ``Persons/MetaPage/countLimit``):
    /// the one reference every reader of pages is compared with.
    public static func page(of people: [Person], _ request: PageRequest) -> MetaPage {
        let (criteria, region) = (request.criteria, request.criteria.region)
        let matching = people.filter {
            matches($0, criteria.search) && (region == nil || $0.country == region)
        }
        let sorted = matching.map(\.meta).sorted(by: ListOrder(isRegion: request.isRegion).precedes)
        let page = sorted.dropFirst(max(0, criteria.page) * PageRequest.size).prefix(PageRequest.size)
        let isCapped = !criteria.search.isEmpty && matching.count > MetaPage.countLimit
        return MetaPage(
            metas: Array(page), total: isCapped ? MetaPage.countLimit : matching.count, isTotalCapped: isCapped)
    }

    /// A 1×1 PNG: a photo as a directory sends one.
    public static let photo = PhotoFile(
        bytes: [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
            0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x64, 0x60, 0xF8, 0x5F, 0x0F, 0x00, 0x02, 0x87, 0x01, 0x80,
            0xEB, 0x47, 0xBA, 0x92, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ], type: "image/png")
}
