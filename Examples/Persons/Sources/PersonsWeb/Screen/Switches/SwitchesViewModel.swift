import Persons

/// What the switches on every screen do: flip one, everywhere.
final class SwitchesViewModel: Sendable {
    private let applyRegion: ApplyRegionUsecase
    private let applyUsername: ApplyUsernameUsecase

    init(_ service: any Serving) {
        applyRegion = service.applyRegionAction
        applyUsername = service.applyUsernameAction
    }

    /// Sets the switches named in the form that were given.
    func apply(_ form: SwitchesForm) async throws(Fizzle) {
        if let isRegion = form.isRegion { try await applyRegion(isRegion) }
        if let isUsername = form.isUsername { try await applyUsername(isUsername) }
    }
}

/// The switches' form: which switch to set to what, and where to go back.
struct SwitchesForm: Decodable, Sendable {
    let isRegion: Bool?
    let isUsername: Bool?
    let back: String?
}
