import Foundation
import Persons
import Pure
import PureReplay

/// The reads of a recorded range that a test holding only the people the range showed cannot
/// make again: the pages of the lists that counted more people than their pages showed
/// (``RecordedPeople/partial``), and the counts the search form offered (``Roger/Sys/counts``,
/// of everyone), as the database answered them. A replay answers those reads with them, as a
/// TCA test answers a dependency with a recorded value, so a session over any number of people
/// replays; every other list is read from the people held, so a changed query still fails by
/// name.
///
/// Each page, and the counts, are kept with the call whose end showed them (numbered from 1, in
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

    /// The counts of everyone by each filter as the database answered them, and the call that
    /// showed them.
    public struct Counts: Codable, Sendable, Equatable {
        /// The call of the range (from 1; 0 for the state the range started from) whose end
        /// showed the counts.
        public let call: Int
        /// The counts read.
        public var counts: [ListFilter: [String: Int]]
    }

    /// The pages, in the order of their calls.
    public let pages: [Page]
    /// The counts, in the order of their calls.
    public let counts: [Counts]

    /// Keeps `pages` and `counts`, as an exported test gives them.
    public init(_ pages: [Page], counts: [Counts] = []) {
        self.pages = pages
        self.counts = counts
    }

    /// The pages of the partial lists of `excerpt`, each kept where it first differs from the page
    /// before it for the same request, and the counts, kept where they first differ from those
    /// before them.
    public init(_ excerpt: JournalFile.Excerpt) {
        let partial = Set(RecordedPeople(excerpt.calls).partial)
        var pages: [Page] = []
        var counts: [Counts] = []
        var last: [PageRequest: MetaPage] = [:]
        let states = [excerpt.state] + excerpt.calls.map { $0.after ?? $0.before }
        for (call, state) in states.enumerated() {
            if let read = RecordedPeople.counts(state), read != (counts.last?.counts ?? Roger.Sys.uncounted) {
                counts.append(Counts(call: call, counts: read))
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
        self.counts = counts
    }

    /// The counts kept at call `call` or the newest before it; `nil` when none are kept, and the
    /// people held answer.
    public func counts(atCall call: Int) -> [ListFilter: [String: Int]]? {
        counts.last { $0.call <= call }?.counts
    }

    /// The page kept for `request` at call `call` or the newest before it; `nil` when none is
    /// kept, and the people held answer.
    public func answer(_ request: PageRequest, atCall call: Int) -> MetaPage? {
        pages.last { $0.call <= call && $0.request == request }?.page
    }
}
