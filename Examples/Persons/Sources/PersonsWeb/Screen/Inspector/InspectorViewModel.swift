import Persons
import PersonsShow
import PureLive

/// One open inspector page: the journal, filtered by a use case or not, re-rendered as each
/// entry is recorded.
struct InspectorViewModel: LiveScreen {
    let inspector: Inspector
    let useCase: String?

    /// The whole page.
    func page() -> String {
        let snapshot = inspector.snapshot
        return Shows.render(
            InspectorPage(
                live: SitePath.inspector(useCase: useCase), useCases: Inspector.useCases(in: snapshot), chosen: useCase,
                calls: inspector.journal.calls.suffix(Inspector.shown).map { ($0.sequence, $0.source) },
                journal: inspector.journalView(of: snapshot, useCase: useCase)))
    }

    /// Every entry the journal records from now on, after one change for the journal as it is
    /// when the watch begins: an entry recorded between a page's first render and this watch is
    /// not missed.
    func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async {
        let entries = inspector.journal.updates()
        send(0)
        for await entry in entries { send(entry.sequence) }
    }

    /// The list, as the journal is now.
    func fragments(for sequence: Int) -> [Fragment] {
        allFragments()
    }

    /// The list, as the journal is now.
    func allFragments() -> [Fragment] {
        [Fragment(inspector.journalView(of: inspector.snapshot, useCase: useCase))]
    }
}
