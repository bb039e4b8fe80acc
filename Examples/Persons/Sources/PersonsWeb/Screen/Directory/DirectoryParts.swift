import Persons
import PersonsShow
import Pure
import PureLive

/// The directory's page, declared once for the live engine (see `LivePage`): the sync of its
/// people, the one place its button is, kept live as a sync goes.
struct DirectoryParts: LivePage {
    let sync = LivePart(reads: SyncInput.init) { input in
        SyncStatusView(
            progress: input.sync.permille, failure: input.sync.message, note: input.sync.value ?? nil,
            step: input.step?.text)
    }

    /// What the sync part shows: how the sync goes, and where it is.
    struct SyncInput: Equatable, Sendable {
        let sync: UiState<String?>
        let step: SyncStep?

        init(_ state: Roger) {
            sync = state.sys.sync
            step = state.sys.step
        }
    }

    /// The whole page, made of its part.
    func page(_ state: Roger) -> String {
        Shows.render(DirectoryPage(sync: sync.component(state)))
    }
}
