#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A card of the address book that is no person here, and why: not a vCard, no UID, larger than
/// the app reads, an ETag HTTP cannot carry. Named on the home page and by `pure carddav status`,
/// once, for as long as it stays so: until another client changes it, or deletes it.
///
/// ```swift
/// let card = UnreadCard(href: "/ada/book/big.vcf", etag: "\"7\"", reason: .tooLarge, why: "it is 52 MB")
/// card.name   // "big.vcf"
/// ```
public struct UnreadCard: Error, Equatable, Hashable, Sendable {
    /// The card's path on the server.
    public let href: String
    /// Its ETag when it was left out, if the server gave one: the card is read again once it
    /// differs.
    public let etag: String?
    /// Why it was left out, as a sync's counts say it.
    public let reason: SkippedRecords.Reason
    /// Why, in words for the person whose card it is.
    public let why: String

    /// A card at `href` left out for `reason`, said as `why`.
    public init(href: String, etag: String?, reason: SkippedRecords.Reason, why: String) {
        self.href = href
        self.etag = etag
        self.reason = reason
        self.why = why
    }

    /// The card's file name, as its address ends (`big.vcf`), percent-decoded where that gives
    /// text.
    public var name: String {
        let last = href.split(separator: "/").last.map(String.init) ?? href
        return last.removingPercentEncoding ?? last
    }
}
