/// Why the database file cannot be opened, in the words a user is told, with what to do.
///
/// ```swift
/// Fizzle.storageUnavailable("/data", because: .folder).message
/// // "Cannot open the database at /data: it is a folder. Give the path of a database file."
/// ```
public enum StorageProblem: Hashable, Sendable {
    /// The path is a folder.
    case folder
    /// The file's folder cannot be made or written to (a file in its way, no permission).
    case folderUnusable
    /// The file is not a SQLite database, or it is damaged.
    case notADatabase
    /// The file, or its folder, cannot be written to.
    case readOnly
    /// A newer version of the app made the file: its schema is at `found`, this app knows up
    /// to `known`.
    case newerSchema(found: String, known: String)
    /// The file lacks a table or column (`lacking`: `person.photo`) that this app's migrations
    /// make on a new file: one of them was changed after it ran on this file.
    case editedMigration(lacking: String)
    /// Anything else (the log has SQLite's words).
    case other

    /// What went wrong and what to do, after "Cannot open the database at <path>: ".
    var sentence: String {
        switch self {
        case .folder: "it is a folder. Give the path of a database file."
        case .folderUnusable: "its folder cannot be made or written to. Choose another place for it."
        case .notADatabase: "the file is not a database, or it is damaged. Move it away, or choose another file."
        case .readOnly: "the file or its folder is read-only. Make them writable, or choose another file."
        case .newerSchema(let found, let known):
            "a newer version of pure made it (its schema is \(found); this one knows up to \(known)). "
                + "Nothing was changed: use the newer pure, or another file."
        case .editedMigration(let lacking):
            "it lacks \(lacking), which this app's migrations make: a migration was changed after it ran on this file. "
                + "Add a new migration instead of changing one, or move the file away."
        case .other: "SQLite refused it."
        }
    }
}
