import Foundation
import Persons

/// Canned people for tests and previews.
public enum Samples {
    /// Four people in three regions.
    public static let people: [Person] = [
        Person.sample(
            id: "p1", name: "Jane Roe", nameParts: nil, username: "jroe", gender: .female, email: "jane@example.com",
            age: 19, country: "KR", cellphone: "(010)-123-4567", photo: "https://example.com/jane.jpg"),
        Person.sample(
            id: "p2", name: "Mark Lee", nameParts: nil, username: "mlee", gender: .male, email: "mark@example.com",
            age: 20, country: "JP", cellphone: nil, photo: nil),
        Person.sample(
            id: "p3", name: "Tom Park", nameParts: nil, username: "tpark", gender: .male, email: "tom@example.com",
            age: 45, country: "JP", cellphone: nil, photo: nil),
        Person.sample(
            id: "p4", name: "Leo Kim", nameParts: nil, username: "lkim", gender: .male, email: "leo@example.com",
            age: 35, country: "US", cellphone: nil, photo: nil),
    ]

    /// The words of `text` as the database's search cuts and compares them: runs of letters and
    /// runs of digits (`bluefox123` is two words), case and accents ignored.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) {
            let isPart = character.isLetter || character.isNumber
            if let last = word.last, !isPart || last.isNumber != character.isNumber {
                words.append(word)
                word = ""
            }
            if isPart { word.append(character) }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Whether `search` finds `person`: each of its words starts a word of the name or of the
    /// username. What the database's search is checked against.
    public static func matches(_ person: Person, _ search: String) -> Bool {
        let words = words(person.name) + words(person.username)
        return Self.words(search).allSatisfy { word in words.contains { $0.hasPrefix(word) } }
    }

    /// How many of `people` have each value of each filter, as the database counts them
    /// (``Persons/ListDBWork/countPeople()``).
    public static func counts(of people: [Person]) -> [ListFilter: [String: Int]] {
        Dictionary(
            uniqueKeysWithValues: ListFilter.allCases.map { filter in
                (filter, Dictionary(grouping: people, by: filter.value(of:)).mapValues(\.count))
            })
    }

    /// The page `request` asks for, from `people` as they were stored (each id once, in the order
    /// first stored, with the values they have now), with its count and the positions around it
    /// as the database gives them: the one reference every reader of pages is compared with.
    /// Without a search, the people under the filters in the request's order; with one, its
    /// matches by group of filter values (in the order each group was first stored), then in
    /// stored order, each page shown in the request's order, the count stopping at
    /// ``Persons/MetaPage/countLimit``. People whose filter values changed after they were stored
    /// keep their group's first place in the database, not here.
    public static func page(of people: [Person], _ request: PageRequest) -> MetaPage {
        let (criteria, sort) = (request.criteria, request.sort)
        let selected = people.enumerated().filter { _, person in
            criteria.filters.allSatisfy { filter, value in filter.value(of: person) == value }
        }
        guard !criteria.search.isEmpty else {
            let rows = selected.map { (key: sort.key(of: $0.element.meta), meta: $0.element.meta) }
                .sorted { sort.precedes($0.key, $1.key) }
            return paged(
                rows, total: rows.count, capped: false, position: criteria.position,
                precedes: { sort.precedes($0, $1, besides: Array(criteria.filters.keys)) },
                fits: { key in
                    key.values.count == sort.fields.count && zip(sort.fields, key.values).allSatisfy { $0.accepts($1) }
                },
                from: { text in
                    let first = sort.fields(besides: criteria.filters.keys)[0]
                    guard first.accepts(text) else { return nil }
                    return { meta in !first.precedes(first.value(of: meta), text) }
                })
        }
        // The search's order: the people's groups of filter values in the order each was first
        // stored, then the order they were stored in, as one number (the search's rowid).
        var groups: [[String]: Int] = [:]
        for person in people {
            let values = ListFilter.allCases.map { $0.value(of: person) }
            if groups[values] == nil { groups[values] = groups.count + 1 }
        }
        var found: [(rowid: Int, meta: Person.Meta)] = []
        for (offset, person) in selected where !words(criteria.search).isEmpty && matches(person, criteria.search) {
            let group: Int = groups[ListFilter.allCases.map { $0.value(of: person) }] ?? 0
            found.append((rowid: group << 32 | (offset + 1), meta: person.meta))
        }
        found.sort { $0.rowid < $1.rowid }
        var page = paged(
            found.map { (key: ListKey([String($0.rowid)]), meta: $0.meta) },
            total: min(found.count, MetaPage.countLimit), capped: found.count > MetaPage.countLimit,
            position: criteria.position, precedes: { (Int($0.values[0]) ?? 0) < (Int($1.values[0]) ?? 0) },
            fits: { $0.values.count == 1 && Int64($0.values[0]) != nil }, from: { _ in nil })
        page.metas.sort(by: sort.precedes)
        return page
    }

    /// The page of `rows` (keys and rows, in list order) at `position`, as the database reads it:
    /// a key that does not `fit` reads from the start, and so does a jump `from` gives no test; a
    /// page before a key with fewer rows than a page before it is the first page.
    private static func paged(
        _ rows: [(key: ListKey, meta: Person.Meta)], total: Int, capped: Bool, position: ListPosition,
        precedes: (ListKey, ListKey) -> Bool, fits: (ListKey) -> Bool,
        from: (String) -> ((Person.Meta) -> Bool)?
    ) -> MetaPage {
        let size = PageRequest.size
        var start = 0
        switch position {
        case .after(let key) where fits(key): start = rows.firstIndex { precedes(key, $0.key) } ?? rows.count
        case .before(let key) where fits(key):
            let end = rows.firstIndex { !precedes($0.key, key) } ?? rows.count
            start = end >= size ? end - size : 0
        case .from(let text):
            start = from(text).map { test in rows.firstIndex { test($0.meta) } ?? rows.count } ?? 0
        default: start = 0
        }
        let end = min(start + size, rows.count)
        guard start < end else {
            return MetaPage(metas: [], total: total, isTotalCapped: capped, previous: rows.isEmpty ? nil : .start)
        }
        return MetaPage(
            metas: rows[start..<end].map(\.meta), total: total, isTotalCapped: capped,
            previous: start > 0 ? .before(rows[start].key) : nil,
            next: end < rows.count ? .after(rows[end - 1].key) : nil)
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

extension Person {
    /// A person for a test: the fields it names, and every other one unknown or empty
    /// (``Person/unknown(id:)``). A field added to `Person` stays unknown here, and no test that
    /// does not use it changes.
    ///
    /// ```swift
    /// let ada = Person.sample(id: "p9", name: "Ada Park", age: 36)
    /// ```
    public static func sample(
        id: ID, name: String = "", nameParts: NameParts? = nil, username: String = "", gender: Gender = .unknown,
        email: String = "", age: Int? = nil, country: String = Person.noRegion, cellphone: String? = nil,
        photo: String? = nil
    ) -> Person {
        var person = Person.unknown(id: id)
        person.name = name
        person.nameParts = nameParts == NameParts(splitting: name) ? nil : nameParts
        person.username = username
        person.gender = gender
        person.email = email
        person.age = age
        person.country = country
        person.cellphone = cellphone
        person.photo = photo
        return person
    }
}
