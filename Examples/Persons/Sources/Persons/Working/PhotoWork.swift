/// Where the people's photos are kept, so that they show without the network.
///
/// ```swift
/// let missing = photos.missing(names)
/// try photos.keep(photo, as: name)
/// ```
public protocol PhotoWork: Sendable {
    /// The names among `names` of photos not kept yet.
    func missing(_ names: [String]) -> [String]
    /// Keeps `photo` under `name` (see ``PhotoFile/name(for:)``), replacing nothing half-written.
    func keep(_ photo: PhotoFile, as name: String) throws(Fizzle)
    /// The photo kept under `name`, or `nil`.
    func photo(named name: String) async -> PhotoFile?
}
