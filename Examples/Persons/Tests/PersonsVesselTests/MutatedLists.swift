import Persons

/// The real database worker's lists changed in one way, as a bug would change them: for a test
/// that a recorded session catches the change.
struct MutatedLists: ListDBWork {
    /// How the lists are changed.
    enum Mutation: String, CaseIterable, Sendable {
        /// A search tells accented letters from plain ones ("zoe" no longer finds "Zoë").
        case searchKeepsAccents
        /// Every page lists its rows the other way round.
        case orderReversed
        /// The filters are ignored.
        case filterDropped
    }

    let base: any ListDBWork
    let mutation: Mutation

    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        switch mutation {
        case .orderReversed:
            var page = try await base.readMetas(request)
            page.metas.reverse()
            return page
        case .filterDropped:
            var unfiltered = request
            unfiltered.criteria.filters = [:]
            return try await base.readMetas(unfiltered)
        case .searchKeepsAccents:
            var page = try await base.readMetas(request)
            let words = request.criteria.search.lowercased().split(separator: " ")
            guard !words.isEmpty else { return page }
            let kept = page.metas.filter { meta in
                let own = (meta.name + " " + meta.username).lowercased().split(separator: " ")
                return words.allSatisfy { word in own.contains { $0.hasPrefix(word) } }
            }
            page.total -= page.metas.count - kept.count
            page.metas = kept
            return page
        }
    }

    func countPeople() async throws(Fizzle) -> [ListFilter: [String: Int]] {
        try await base.countPeople()
    }
}
