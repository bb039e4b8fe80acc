import Foundation
import Persons
import Pure
import PureReplay

/// The reads of a recorded range that a test holding only the people the range showed cannot
/// make again: the pages of the lists that counted more people than their pages showed
/// (``RecordedPeople/partial``), and the reads shown beside the lists (``Roger/sideReads``: the
/// counts the search form offered, of everyone), as the database answered them. A replay answers those reads with them, as a
/// TCA test answers a dependency with a recorded value, so a session over any number of people
/// replays; every other list is read from the people held, so a changed query still fails by
/// name.
///
/// Each page, and each side read's value, are kept with the call whose end showed them (numbered from 1, in
/// the range's order): a read made for call `n` is answered with the newest kept at or before
/// `n`.
///
/// ```swift
/// let pages = RecordedPages(excerpt)
/// pages.answer(PageRequest(), atCall: 2)   // the first page of everyone, as call 2 left it
/// ```
public struct RecordedPages: Sendable {
    /// One page as the database answered it, and the call that showed it.
    public struct Page: Codable, Sendable, Equatable {
        /// The call of the range (from 1; 0 for the state the range started from) whose end
        /// showed the page.
        public let call: Int
        /// What the page was read for.
        public let request: PageRequest
        /// The page read.
        public var page: MetaPage
    }

    /// The value of a read shown beside the lists (``SideRead``) as the database answered it,
    /// and the call that showed it.
    public struct Side: Codable, Sendable, Equatable {
        /// The call of the range (from 1; 0 for the state the range started from) whose end
        /// showed the value.
        public let call: Int
        /// The read's name (``SideRead/name``).
        public let name: String
        /// The value read, as JSON.
        public var value: JSONValue
    }

    /// The pages, in the order of their calls.
    public let pages: [Page]
    /// The side reads' values, in the order of their calls.
    public let sides: [Side]

    /// Keeps `pages` and `sides`, as an exported test gives them.
    public init(_ pages: [Page], sides: [Side] = []) {
        self.pages = pages
        self.sides = sides
    }

    /// The pages of the partial lists of `excerpt`, each kept where it first differs from the page
    /// before it for the same request, and each side read's value, kept where it first differs
    /// from the one before it (from the app state's first, for the first).
    public init(_ excerpt: JournalFile.Excerpt) {
        let partial = Set(RecordedPeople(excerpt.calls).partial)
        var pages: [Page] = []
        var sides: [Side] = []
        var lastSide: [String: JSONValue] = [:]
        for read in Roger.sideReads { lastSide[read.name] = read.value(in: Roger()) }
        var last: [PageRequest: MetaPage] = [:]
        let states = [excerpt.state] + excerpt.calls.map { $0.after ?? $0.before }
        for (call, state) in states.enumerated() {
            let decoded = try? JSONDecoder().decode(Roger.self, from: Data(state.description.utf8))
            for read in Roger.sideReads {
                guard let value = decoded.flatMap(read.value(in:)), value != lastSide[read.name] else { continue }
                lastSide[read.name] = value
                sides.append(Side(call: call, name: read.name, value: value))
            }
            for list in RecordedPeople.lists(state) where list.message == nil {
                guard let request = list.listed,
                    partial.contains(ListCriteria(search: request.criteria.search, filters: request.criteria.filters)),
                    last[request] != list.result
                else { continue }
                last[request] = list.result
                pages.append(Page(call: call, request: request, page: list.result))
            }
        }
        self.pages = pages
        self.sides = sides
    }

    /// The value of the side read `name` kept at call `call` or the newest before it; `nil` when
    /// none is kept, and the people held answer.
    public func side(_ name: String, atCall call: Int) -> JSONValue? {
        sides.last { $0.call <= call && $0.name == name }?.value
    }

    /// The page kept for `request` at call `call` or the newest before it; `nil` when none is
    /// kept, and the people held answer.
    public func answer(_ request: PageRequest, atCall call: Int) -> MetaPage? {
        pages.last { $0.call <= call && $0.request == request }?.page
    }
}
