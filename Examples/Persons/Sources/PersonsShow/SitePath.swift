import Foundation

/// Every address of the web screens, in one place: the templates link and post to them, the
/// server routes them, and a test checks that each one a template names is served.
///
/// ```swift
/// SitePath.person("a/b")   // "/people/a%2Fb"
/// ```
public enum SitePath {
    /// The home page: the people list, its search, filters and position in its query.
    public static let home = "/"
    /// A sync of people from the directory, started from its page.
    public static let sync = "/sync"
    /// The directory's page: where its people come from, and their sync.
    public static let directory = "/directory"
    /// An exchange with the address book asked for from the home page.
    public static let addressBookSync = "/carddav/sync"
    /// A check of the address book for changes, asked for by a page that came back into view.
    public static let addressBookCheck = "/carddav/check"
    /// The address book chosen among those the account offers (`address`).
    public static let addressBookChoice = "/carddav/book"
    /// Every person with a choice waiting between this app's value and the address book's.
    public static let addressBookChoices = "/carddav/choices"
    /// The user's say on the deletions a pull held back (`accept`: `true` or `false`).
    public static let addressBookDeletions = "/carddav/deletions"
    /// The people deleted lately, which can be brought back.
    public static let deleted = "/deleted"
    /// A switch flipped from any page.
    public static let switches = "/switches"
    /// The live engine's script, which keeps a page live over a WebSocket at the page's own
    /// address.
    public static let liveScript = "/live.js"
    /// The folder of the style sheet and the script, each at an address that holds its hash
    /// (``StaticAsset``).
    public static let files = "/static"
    /// The people's photos, each at `photos/<name>`.
    public static let photos = "/photos"
    /// The people, each at `people/<id>`.
    public static let people = "/people"
    /// The form that adds a person, and where it posts.
    public static let add = "/add"
    /// The inspector (`pure serve --inspector`).
    public static let inspector = "/inspector"
    /// A restore posted from the inspector.
    public static let restore = inspector + "/restore"
    /// The journal, as JSON lines.
    public static let journal = inspector + "/journal.jsonl"
    /// A range of the journal's calls as a Swift Testing test, `from` and `to` in its query.
    public static let testExport = inspector + "/test.swift"
    /// The values that test keeps beside it, as JSON, for the same query.
    public static let testData = inspector + "/test.json"

    /// The page of the person `id`, the id percent-encoded.
    public static func person(_ id: String) -> String { "\(people)/\(encoded(id, allowing: pathAllowed))" }

    /// The form that edits the person `id`, and where it posts.
    public static func edit(_ id: String) -> String { person(id) + "/edit" }

    /// Where the person `id` is deleted: a page that asks once more, and the post it sends.
    public static func delete(_ id: String) -> String { person(id) + "/delete" }

    /// The recently deleted page just after the person `id` was deleted: it says who went, with
    /// Undo.
    public static func deleted(gone id: String) -> String { "\(deleted)?gone=\(encoded(id, allowing: unreserved))" }

    /// Where the person `id`, deleted lately, is brought back (a post).
    public static func restore(_ id: String) -> String { person(id) + "/restore" }

    /// Where a choice between the two values of a field of the person `id` changed both here and
    /// in the address book is posted.
    public static func conflict(_ id: String) -> String { person(id) + "/conflict" }

    /// The photo kept under `name`.
    public static func photo(_ name: String) -> String { "\(photos)/\(encoded(name, allowing: pathAllowed))" }

    /// MOVE on the person `id`'s page.
    public static func move(_ id: String) -> String { person(id) + "/move" }

    /// The inspector, showing the entries of `useCase` only, if given.
    public static func inspector(useCase: String?) -> String {
        useCase.map { inspector + "?useCase=" + encoded($0, allowing: unreserved) } ?? inspector
    }

    /// The unreserved characters of RFC 3986 (letters, digits, `-._~`), which no address encodes.
    public static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static let pathAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%"))

    /// `text` percent-encoded: each character outside `allowed`, which holds at least
    /// ``unreserved``, as its UTF-8 bytes in `%XX`. Text of unreserved characters alone (every
    /// UUID) is its own encoding, and is returned without asking Foundation, which takes 20 times
    /// as long and runs for every row of every list rendered (BENCHMARKS.md).
    ///
    /// ```swift
    /// SitePath.encoded("a b", allowing: SitePath.unreserved)   // "a%20b"
    /// ```
    public static func encoded(_ text: String, allowing allowed: CharacterSet) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Whether `byte` is one of ``unreserved``, in UTF-8.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
