import Crypto
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
    /// Its address: `/static/NAME.HASH.EXT`, the hash the first 12 hex digits of the content's
    /// SHA-256.
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
        let hash = SHA256.hash(data: self.content).prefix(6).map { String(format: "%02x", $0) }.joined()
        address = "\(SitePath.files)/\(name).\(hash).\(ext)"
        self.contentType = contentType
    }
}
