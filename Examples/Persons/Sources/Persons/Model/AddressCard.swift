/// A card of the address book as this app last agreed it with the server: where it is, its ETag
/// then, and its text then (what a merge starts from, and what a card written again keeps of
/// another client's properties).
///
/// ```swift
/// let card = AddressCard(href: "/ada/book/p1.vcf", etag: "\"8a94\"", text: "BEGIN:VCARD…")
/// ```
public struct AddressCard: Equatable, Hashable, Sendable, Codable {
    /// The card's path on the server.
    public let href: String
    /// Its ETag, if the server gave one.
    public let etag: String?
    /// Its text.
    public let text: String

    /// A card at `href`.
    public init(href: String, etag: String?, text: String) {
        self.href = href
        self.etag = etag
        self.text = text
    }
}
