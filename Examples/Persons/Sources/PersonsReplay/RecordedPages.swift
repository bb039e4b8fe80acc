import Foundation
import Persons
import Pure
import PureReplay

/// The pages a recorded range's lists showed that a test holding only the people the range
/// showed cannot read again: those of the lists that counted more people than their pages showed
/// (``RecordedPeople/partial``), as the database answered them. A replay answers those lists'
/// reads with them, as a TCA test answers a dependency with a recorded value, so a session over
/// any number of people replays; every other list is read from the people held, so a changed
/// query still fails by name.
///
/// Each page is kept with the call whose end showed it (numbered from 1, in the range's order):
/// a read made for call `n` is answered with the newest page for its request kept at or before
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

    /// The pages, in the order of their calls.
    public let pages: [Page]

    /// Keeps `pages`, as an exported test gives them.
    public init(_ pages: [Page]) {
        self.pages = pages
    }

    /// The pages of the partial lists of `excerpt`, each kept where it first differs from the page
    /// before it for the same request.
    public init(_ excerpt: JournalFile.Excerpt) {
        let partial = Set(RecordedPeople(excerpt.calls).partial)
        var pages: [Page] = []
        var last: [PageRequest: MetaPage] = [:]
        let states = [excerpt.state] + excerpt.calls.map { $0.after ?? $0.before }
        for (call, state) in states.enumerated() {
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
    }

    /// The page kept for `request` at call `call` or the newest before it; `nil` when none is
    /// kept, and the people held answer.
    public func answer(_ request: PageRequest, atCall call: Int) -> MetaPage? {
        pages.last { $0.call <= call && $0.request == request }?.page
    }
}
