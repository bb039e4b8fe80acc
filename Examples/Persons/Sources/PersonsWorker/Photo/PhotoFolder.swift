import Foundation
import Logging
import Persons
import PersonsGear

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The people's photos, kept as files in a `photos` folder beside the database, each under its
/// name (see ``Persons/PhotoFile/name(for:)``). A file is written whole, then moved into place:
/// a photo is there entirely or not at all. What is read back is checked again: the folder is
/// outside input like the database.
///
/// ```swift
/// let photos = PhotoFolder(besideDatabaseAt: "/tmp/persons.sqlite")   // /tmp/photos/
/// let photo = await photos.photo(named: name)
/// ```
public struct PhotoFolder: PhotoWork {
    /// The folder.
    public let folder: URL
    private let logger: Logger

    /// The `photos` folder beside the database file at `databasePath`.
    public init(besideDatabaseAt databasePath: String, logger: Logger = Logger(label: "pure.worker.photos")) {
        folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("photos")
        self.logger = logger
    }

    /// The names among `names` with no file.
    public func missing(_ names: [String]) -> [String] {
        names.filter { !FileManager.default.fileExists(atPath: file(named: $0).path) }
    }

    /// Writes `photo` to a file of its own, then moves it to its name.
    public func keep(_ photo: PhotoFile, as name: String) throws(Fizzle) {
        guard PhotoFile.isName(name) else { throw .unusablePhoto }
        let part = folder.appendingPathComponent(".\(name).\(UInt32.random(in: .min ... .max)).part")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(photo.bytes).write(to: part)
            if rename(part.path, file(named: name).path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: part)
            logger.error("cannot keep the photo \(name) in \(folder.path): \(error)")
            throw .saveFailed
        }
    }

    /// The photo kept under `name`, if there is one and it is still an image of a size kept.
    public func photo(named name: String) async -> PhotoFile? {
        guard PhotoFile.isName(name), let data = FileManager.default.contents(atPath: file(named: name).path),
            data.count <= PhotoFile.largest, let type = ImageKind.mediaType(of: data)
        else { return nil }
        return PhotoFile(bytes: Array(data), type: type)
    }

    private func file(named name: String) -> URL {
        folder.appendingPathComponent(name)
    }
}
