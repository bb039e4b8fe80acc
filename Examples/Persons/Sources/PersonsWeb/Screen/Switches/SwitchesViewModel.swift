import Persons

/// What the switches on every screen do: flip one, everywhere.
final class SwitchesViewModel: Sendable {
    private let appState: AppState
    private let applyRegion: ApplyRegionUsecase
    private let applyUsername: ApplyUsernameUsecase

    init(_ service: any Serving) {
        appState = service.appState
        applyRegion = service.applyRegionAction
        applyUsername = service.applyUsernameAction
    }

    /// Sets the switches named in the form that were given.
    func apply(_ form: SwitchesForm) async throws(Fizzle) {
        if let isRegion = form.isRegion { try await applyRegion(isRegion) }
        if let isUsername = form.isUsername { try await applyUsername(isUsername) }
    }

    /// Waits, at most `limit`, until the list is read grouped as `isRegion` says: the list
    /// regroups when its rows arrive, and a page loaded after a plain form's redirect must show
    /// it regrouped, as a search's page shows the list it found.
    func awaitList(isRegion: Bool, limit: Duration = .seconds(5)) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [appState] in
                for await listed in appState.stored(\.query.listed?.isRegion) where listed == isRegion { return }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}

/// The switches' form: which switch to set to what, and where to go back.
struct SwitchesForm: Decodable, Sendable {
    let isRegion: Bool?
    let isUsername: Bool?
    let back: String?
}
