import Persons

// Action: a kept photo, for a screen to show from the app's own address.
extension Vessel {
    /// The photo kept under a name, or `nil`.
    public var loadPhotoAction: LoadPhotoUsecase {
        { [photoWork] name in await photoWork.photo(named: name) }
    }
}
