import Foundation
import Logging

/// A file every page uses (the style sheet, the page script), read once from the installation
/// and kept in memory, at an address that holds a hash of its content: a browser keeps it for a
/// year without asking again (``cacheControl``), and a new version is a new address.
///
/// ```swift
/// StaticAsset.styleSheet.address   // "/static/app.3f2a9c0d1b7e.css"
/// ```
public struct StaticAsset: Sendable {
    /// Its address: `/static/NAME.HASH.EXT`, the hash 12 hex digits of the content's
    /// (``contentHash(_:)``).
    public let address: String
    /// Its `Content-Type`.
    public let contentType: String
    /// Its content.
    public let content: [UInt8]

    /// How long a browser keeps it: a year, never asking again, since its address changes with
    /// its content.
    public static let cacheControl = "public, max-age=31536000, immutable"

    /// The style sheet.
    public static let styleSheet = StaticAsset(named: "app", extension: "css", contentType: "text/css; charset=utf-8")
    /// The page script (the live pages' own script is PureLive's).
    public static let script = StaticAsset(
        named: "app", extension: "js", contentType: "text/javascript; charset=utf-8")
    /// Every asset, to serve.
    public static let all = [styleSheet, script]

    /// The file `name.ext` shipped in the module, hashed into its address. A file missing from
    /// the installation is logged and served empty, so that the pages still come.
    private init(named name: String, extension ext: String, contentType: String) {
        let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "public")
        let content = url.flatMap { try? Data(contentsOf: $0) }.map { [UInt8]($0) }
        if content == nil {
            Logger(label: "pure.show").error("the static file \(name).\(ext) is missing from the installation")
        }
        self.content = content ?? []
        address = "\(SitePath.files)/\(name).\(Self.contentHash(self.content)).\(ext)"
        self.contentType = contentType
    }

    /// 12 hex digits that change whenever `content` does: FNV-1a's 64 bits of it, the top 48 of
    /// them. The address only has to differ from one version of the file to the next, which
    /// ships with the app itself; no one chooses its content to collide.
    ///
    /// ```swift
    /// StaticAsset.contentHash(Array("body {}".utf8)).count   // 12
    /// ```
    static func contentHash(_ content: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in content { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash >> 16, radix: 16)
        return String(repeating: "0", count: 12 - digits.count) + digits
    }
}
