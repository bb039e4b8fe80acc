import Foundation
import Persons
import Pure
import PureReplay

/// The people a test of some recorded calls must hold for each call to show again what it showed:
/// every person on a page (a person's scene) or returned by a call, as first seen whole, and
/// every person a list of the range showed, read from the scenes the journal recorded in the
/// states the calls started from and ended in.
///
/// They are stored in an order that lists each search as it was listed: a search lists in the
/// order people were first stored, grouped by their filters' values (see `ListTables`), so the
/// groups, and the people of each group, are put in the order the recorded searches show them.
///
/// ```swift
/// let recorded = RecordedPeople(excerpt.calls)
/// recorded.people    // what the test's Raft holds
/// recorded.partial   // lists that counted people the range never showed
/// ```
public struct RecordedPeople: Sendable {
    /// The people, in the order to store them.
    public let people: [Person]
    /// The lists (by their search and filters) that counted more people than all the pages of
    /// them the range showed: a test holding only the people shown cannot count them again.
    public let partial: [ListCriteria]

    /// The people `calls` returned and listed.
    public init(_ calls: [JournalCall<JSONValue>]) {
        var found: [Person.ID: Person] = [:]
        var order: [Person.ID] = []
        func add(_ person: Person) {
            if found.updateValue(person, forKey: person.id) == nil { order.append(person.id) }
        }
        let lists = calls.flatMap { [$0.before, $0.after ?? .null] }.flatMap(Self.lists)
        for list in lists {
            for meta in list.result.metas where found[meta.id] == nil { add(Person(meta)) }
        }
        // A person whole (on a page, or returned) takes the place of the row, as first seen: on a
        // page before a call, a call's own before what it changed.
        var whole: Set<Person.ID> = []
        for call in calls {
            var seen = Self.shown(call.before)
            if case .returned(let value?) = call.outcome, let person = Self.decode(Person.self, value) {
                seen.append(person)
            }
            for person in seen + Self.shown(call.after ?? .null) where whole.insert(person.id).inserted {
                if found[person.id] == nil { order.append(person.id) }
                found[person.id] = person
            }
        }
        let searches = lists.filter { !$0.criteria.search.isEmpty }.map { $0.result.metas.map(\.id) }
        people = Self.stored(order.compactMap { found[$0] }, as: searches)
        partial = Self.partial(lists)
    }

    /// The lists of a recorded state (the `lists` member of the app state's JSON).
    static func lists(_ state: JSONValue) -> [ListState] {
        (state["lists"]?.array ?? []).compactMap { $0["scene"].flatMap { decode(ListState.self, $0) } }
    }

    /// The people on pages in a recorded state (the `people` member of the app state's JSON).
    private static func shown(_ state: JSONValue) -> [Person] {
        (state["people"]?.array ?? []).compactMap { $0["scene"].flatMap { decode(PersonState.self, $0) }?.person }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ json: JSONValue) -> Value? {
        try? JSONDecoder().decode(type, from: Data(json.description.utf8))
    }

    /// The lists whose count is more than the people all their recorded pages showed.
    private static func partial(_ lists: [ListState]) -> [ListCriteria] {
        var shown: [ListCriteria: Set<Person.ID>] = [:]
        var counted: [ListCriteria: Int] = [:]
        for list in lists where list.listed != nil && list.message == nil {
            let key = ListCriteria(search: list.criteria.search, filters: list.criteria.filters)
            shown[key, default: []].formUnion(list.result.metas.map(\.id))
            counted[key] = max(counted[key] ?? 0, list.result.isTotalCapped ? Int.max : list.result.total)
        }
        return counted.filter { $0.value > shown[$0.key]?.count ?? 0 }.map(\.key).sorted {
            $0.description < $1.description
        }
    }

    /// `people` in an order that gives each search in `searches` (its rows' ids, in order) the
    /// order it had: groups (the filters' values) first as the searches order them, then the
    /// people of each group as they order them; the rest as first found.
    private static func stored(_ people: [Person], as searches: [[Person.ID]]) -> [Person] {
        let byID = Dictionary(people.map { ($0.id, $0) }) { first, _ in first }
        let group = { (id: Person.ID) in
            byID[id].map { person in ListFilter.allCases.map { $0.value(of: person) } } ?? []
        }
        var groupsBefore: [[String]: Set<[String]>] = [:]
        var peopleBefore: [Person.ID: Set<Person.ID>] = [:]
        for rows in searches {
            for (earlier, later) in zip(rows, rows.dropFirst()) {
                let (a, b) = (group(earlier), group(later))
                if a == b {
                    peopleBefore[later, default: []].insert(earlier)
                } else {
                    groupsBefore[b, default: []].insert(a)
                }
            }
        }
        var members: [[String]: [Person.ID]] = [:]
        var groups: [[String]] = []
        for person in people {
            let key = group(person.id)
            if members[key] == nil { groups.append(key) }
            members[key, default: []].append(person.id)
        }
        return ordered(groups, before: groupsBefore).flatMap { key in
            ordered(members[key] ?? [], before: peopleBefore).compactMap { byID[$0] }
        }
    }

    /// `items` so that each comes after those `before` says it follows, else as given: of the
    /// items free to come next, the first given. In time near the number of items and
    /// constraints (a journal may hold any number); a cycle, which two recorded searches that
    /// disagree make, is broken at the first item still waiting.
    private static func ordered<Item: Hashable>(_ items: [Item], before: [Item: Set<Item>]) -> [Item] {
        let index = Dictionary(items.enumerated().map { ($1, $0) }) { first, _ in first }
        var waiting = [Int](repeating: 0, count: items.count)
        var followers = [[Int]](repeating: [], count: items.count)
        for (position, item) in items.enumerated() {
            for earlier in before[item] ?? [] {
                guard let earlier = index[earlier], earlier != position else { continue }
                waiting[position] += 1
                followers[earlier].append(position)
            }
        }
        var placed = [Bool](repeating: false, count: items.count)
        var ready = FirstGiven(items.indices.filter { waiting[$0] == 0 })
        var (unplaced, result) = (0, [Item]())
        while result.count < items.count {
            let position: Int
            if let free = ready.pop() {
                position = free
            } else {
                while placed[unplaced] { unplaced += 1 }
                position = unplaced
            }
            guard !placed[position] else { continue }
            placed[position] = true
            result.append(items[position])
            for follower in followers[position] {
                waiting[follower] -= 1
                if waiting[follower] == 0 { ready.push(follower) }
            }
        }
        return result
    }
}

/// The positions of the items free to come next, the first given first (a binary heap).
private struct FirstGiven {
    private var heap: [Int] = []

    init(_ positions: [Int]) {
        for position in positions { push(position) }
    }

    mutating func push(_ position: Int) {
        heap.append(position)
        var child = heap.count - 1
        while child > 0, heap[(child - 1) / 2] > heap[child] {
            heap.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func pop() -> Int? {
        guard let first = heap.first, let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var least = parent
            if left < heap.count, heap[left] < heap[least] { least = left }
            if right < heap.count, heap[right] < heap[least] { least = right }
            guard least != parent else { return first }
            heap.swapAt(parent, least)
            parent = least
        }
    }
}

extension Person {
    /// A person as a list row recorded them: what the row holds, no email, no phone, no photo.
    init(_ meta: Meta) {
        self = Person.unknown(id: meta.id)
        name = meta.name
        username = meta.username
        gender = meta.gender
        age = meta.age
        country = meta.country
    }
}
