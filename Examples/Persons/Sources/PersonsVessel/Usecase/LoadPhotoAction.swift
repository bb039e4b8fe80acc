import Persons

// Action: a kept photo, for a screen to show from the app's own address. Not recorded in the
// journal: it changes no state, and a page asks for one per row it shows.
extension Vessel {
    /// The photo kept under a name, or `nil`.
    public var loadPhotoAction: LoadPhotoUsecase {
        { [photoWork] name in await photoWork.photo(named: name) }
    }
}
