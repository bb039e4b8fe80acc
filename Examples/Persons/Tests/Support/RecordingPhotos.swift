import NIOConcurrencyHelpers
import Persons

/// Photos kept in memory: for use case tests, which check what a sync keeps.
public final class RecordingPhotos: PhotoWork {
    private let kept = NIOLockedValueBox<[String: PhotoFile]>([:])

    /// Keeps nothing yet.
    public init() {}

    /// The names of the photos kept.
    public var names: Set<String> { kept.withLockedValue { Set($0.keys) } }

    /// The names not kept.
    public func missing(_ names: [String]) -> [String] {
        kept.withLockedValue { kept in names.filter { kept[$0] == nil } }
    }

    /// Kept in memory.
    public func keep(_ photo: PhotoFile, as name: String) throws(Fizzle) {
        kept.withLockedValue { $0[name] = photo }
    }

    /// From memory.
    public func photo(named name: String) async -> PhotoFile? {
        kept.withLockedValue { $0[name] }
    }
}
