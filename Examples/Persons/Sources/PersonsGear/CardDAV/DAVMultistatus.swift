import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A WebDAV multistatus (RFC 4918 §13) as an address book answers a `PROPFIND`, a
/// `sync-collection` or an `addressbook-multiget` `REPORT`: each item's address, its status, its
/// ETag and card if asked for, and the sync token. Read with Foundation's `XMLParser`
/// (namespaces resolved, no external entity loaded); every text is bounded, and a card larger
/// than ``largestCard`` is marked, not kept.
///
/// ```swift
/// let answer = try DAVMultistatus(parsing: reply.body)
/// for item in answer.items where item.status.isSuccess { print(item.href, item.etag ?? "") }
/// ```
public struct DAVMultistatus: Sendable {
    /// One `response` of the multistatus.
    public struct Item: Equatable, Sendable {
        /// Its `href`, as written (percent-encoded, a path or an absolute address).
        public var href = ""
        /// Its status: the `response`'s own (a deleted card's 404), else success if any of its
        /// properties (`propstat`) was found, else its first properties' status.
        public var status = HTTPOutcome.success
        /// Its `getetag`, if given and HTTP can carry it (see ``isCarriable(_:)``).
        public var etag: String?
        /// Whether it had a `getetag` HTTP cannot carry (a line break in it): the item's card
        /// cannot be written on its condition, so it is not taken.
        public var hasUnusableTag = false
        /// Its `getcontentlength`, in octets, if given.
        public var contentLength: Int?
        /// Its `displayname`, if given.
        public var displayName: String?
        /// Its `address-data`, the card's text, if given and not larger than ``largestCard``.
        public var card: String?
        /// Whether its `address-data` was larger than ``largestCard`` (and left out).
        public var isCardTooLarge = false
        /// Its `current-user-principal`'s `href`, if given: where the user's account is.
        public var principal: String?
        /// Its `addressbook-home-set`'s `href`s: where the user's address books are.
        public var homeSets: [String] = []
        /// Whether it is a collection (`resourcetype` holds `collection`).
        public var isCollection = false
        /// Whether it is an address book (`resourcetype` holds CardDAV's `addressbook`).
        public var isAddressBook = false
        /// Whether it is a calendar (`resourcetype` holds CalDAV's `calendar`).
        public var isCalendar = false
    }

    /// Whether HTTP can carry `text` in a header or a request as it came (an ETag, a sync token):
    /// printable ASCII, spaces included, and at most 1,024 characters. A line break in one would
    /// end the header it is sent in.
    ///
    /// ```swift
    /// DAVMultistatus.isCarriable("\"8a94\"")       // true
    /// DAVMultistatus.isCarriable("\"8a\r\n94\"")  // false
    /// ```
    public static func isCarriable(_ text: String) -> Bool {
        text.utf8.count <= 1_024 && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Why a body is not a multistatus this app can read.
    public enum Problem: Error, Equatable, Sendable {
        /// Not well-formed XML, or XML whose root is not a DAV multistatus (the parser's reason).
        case unreadable(String)
        /// More than ``mostItems`` items, or a text longer than its bound.
        case tooLarge
    }

    /// The most characters of a card kept from a multistatus: larger ones are marked.
    public static let largestCard = 1 << 20
    /// The most items read from one multistatus.
    public static let mostItems = 100_000

    /// The items, in order.
    public let items: [Item]
    /// The `sync-token` a `sync-collection` report returned, if any HTTP can carry.
    public let syncToken: String?
    /// Whether the report returned a `sync-token` HTTP cannot carry (then ``syncToken`` is `nil`).
    public let hasUnusableToken: Bool

    /// Reads `body`, or says why it cannot. A document type declaration is refused before
    /// parsing: a multistatus needs none, and entities are how XML reaches files and memory.
    public init(parsing body: Data) throws(Problem) {
        if Self.declaresDocumentType(body) { throw .unreadable("a document type declaration") }
        let reader = Reader()
        let parser = XMLParser(data: Self.keepingCarriageReturns(body))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem { throw problem }
        guard parsed, reader.sawRoot, reader.closedRoot else {
            throw .unreadable(parser.parserError.map { String(describing: $0) } ?? "no DAV:multistatus")
        }
        items = reader.items
        syncToken = reader.syncToken
        hasUnusableToken = reader.hasUnusableToken
    }

    /// `body` with each carriage return of its elements' text written as `&#13;`: XML reads a
    /// line end `\r\n` (or a lone `\r`) in text as `\n` (XML 1.0 §2.11), so a card's own line
    /// ends would be lost; a character reference keeps them, octet for octet. Those inside tags,
    /// comments, processing instructions and CDATA sections, and those outside the root element
    /// (where no reference may be), are left as they are.
    static func keepingCarriageReturns(_ body: Data) -> Data {
        guard body.contains(0x0D) else { return body }
        let bytes = [UInt8](body)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                // Markup: copied as it is, up to its end.
                let end: [UInt8]
                if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                    end = Array("]]>".utf8)
                } else if bytes[index...].starts(with: Array("<!--".utf8)) {
                    end = Array("-->".utf8)
                } else if bytes[index...].starts(with: Array("<?".utf8)) {
                    end = Array("?>".utf8)
                } else {
                    end = []
                }
                let stop = end.isEmpty ? Self.endOfTag(bytes, from: index) : Self.find(end, in: bytes, from: index)
                if end.isEmpty {
                    // An element's end tag, start tag, or empty-element tag.
                    if bytes[index...].starts(with: [UInt8(ascii: "<"), UInt8(ascii: "/")]) {
                        depth -= 1
                    } else if stop < 2 || bytes[stop - 2] != UInt8(ascii: "/") {
                        depth += 1
                    }
                }
                out.append(contentsOf: bytes[index..<stop])
                index = stop
            } else {
                if byte == 0x0D, depth > 0 { out.append(contentsOf: Array("&#13;".utf8)) } else { out.append(byte) }
                index += 1
            }
        }
        return Data(out)
    }

    /// The index after the `>` that ends the tag starting at `start`, outside quoted values; the
    /// end of `bytes` if none does.
    private static func endOfTag(_ bytes: [UInt8], from start: Int) -> Int {
        var quote: UInt8?
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    /// The index after the first `end` in `bytes` from `start`; the end of `bytes` if none.
    private static func find(_ end: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + end.count <= bytes.count {
            if bytes[index..<index + end.count].elementsEqual(end) { return index + end.count }
            index += 1
        }
        return bytes.count
    }

    /// Whether `body` has `<!DOCTYPE` before its first element.
    private static func declaresDocumentType(_ body: Data) -> Bool {
        let bytes = Array(body.prefix(4_096))
        let doctype = Array("<!DOCTYPE".utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "<") {
            let next = bytes.index(after: index)
            guard next < bytes.endIndex else { return false }
            if Character(UnicodeScalar(bytes[next])).isLetter { return false }
            if bytes[index...].starts(with: doctype) { return true }
        }
        return false
    }
}

/// The parser's delegate: collects the items as their elements end.
private final class Reader: NSObject, XMLParserDelegate {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// The most characters of any text but a card.
    static let longestText = 8_192

    var items: [DAVMultistatus.Item] = []
    var syncToken: String?
    var hasUnusableToken = false
    var problem: DAVMultistatus.Problem?
    var sawRoot = false
    var closedRoot = false
    private var item: DAVMultistatus.Item?
    private var responseStatus: HTTPOutcome?
    private var propStatuses: [HTTPOutcome] = []
    private var inPropstat = false
    private var path: [String] = []
    private var text = ""
    private var isTextTooLong = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = (namespaceURI ?? "") + name
        if path.isEmpty {
            guard element == Self.dav + "multistatus" else { return stop(parser, .unreadable("the root is \(name)")) }
            sawRoot = true
        }
        path.append(element)
        text = ""
        isTextTooLong = false
        switch element {
        case Self.dav + "response":
            guard items.count < DAVMultistatus.mostItems else { return stop(parser, .tooLarge) }
            item = DAVMultistatus.Item()
            responseStatus = nil
            propStatuses = []
        case Self.dav + "propstat":
            inPropstat = true
        case Self.dav + "collection" where path.dropLast().last == Self.dav + "resourcetype":
            item?.isCollection = true
        case Self.cardDAV + "addressbook" where path.dropLast().last == Self.dav + "resourcetype":
            item?.isAddressBook = true
        case Self.calDAV + "calendar" where path.dropLast().last == Self.dav + "resourcetype":
            item?.isCalendar = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        let limit = path.last == Self.cardDAV + "address-data" ? DAVMultistatus.largestCard : Self.longestText
        guard !isTextTooLong else { return }
        if text.utf8.count + string.utf8.count > limit {
            isTextTooLong = true
            text = ""
        } else {
            text += string
        }
    }

    func parser(_ parser: XMLParser, foundCDATA data: Data) {
        self.parser(parser, foundCharacters: String(decoding: data, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = path.popLast() ?? ""
        if path.isEmpty { closedRoot = true }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if isTextTooLong, element != Self.cardDAV + "address-data" { return stop(parser, .tooLarge) }
        switch element {
        case Self.dav + "href" where path.last == Self.dav + "response":
            item?.href = value
        case Self.dav + "href" where path.last == Self.dav + "current-user-principal":
            item?.principal = value
        case Self.dav + "href" where path.last == Self.cardDAV + "addressbook-home-set":
            item?.homeSets.append(value)
        case Self.dav + "status" where inPropstat:
            if let status = HTTPOutcome(statusLine: value) { propStatuses.append(status) }
        case Self.dav + "status":
            responseStatus = HTTPOutcome(statusLine: value)
        case Self.dav + "propstat":
            inPropstat = false
        case Self.dav + "getetag" where !value.isEmpty:
            if DAVMultistatus.isCarriable(value) { item?.etag = value } else { item?.hasUnusableTag = true }
        case Self.dav + "getcontentlength":
            item?.contentLength = Int(value)
        case Self.dav + "displayname":
            item?.displayName = value
        case Self.cardDAV + "address-data":
            if isTextTooLong { item?.isCardTooLarge = true } else { item?.card = text }
        case Self.dav + "sync-token" where path.count == 1:
            syncToken = DAVMultistatus.isCarriable(value) ? value : nil
            hasUnusableToken = !DAVMultistatus.isCarriable(value)
        case Self.dav + "response":
            if var item {
                item.status =
                    responseStatus
                    ?? (propStatuses.contains(where: \.isSuccess) ? .success : propStatuses.first ?? .success)
                items.append(item)
            }
            item = nil
        default: break
        }
        text = ""
        isTextTooLong = false
    }

    private func stop(_ parser: XMLParser, _ problem: DAVMultistatus.Problem) {
        self.problem = self.problem ?? problem
        parser.abortParsing()
    }
}
