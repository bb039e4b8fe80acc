import Foundation
import NIOCore
import Synchronization

/// A fragment as a page's socket receives it: a WebSocket text message, `{"n":…,"html":…,"id":…}`,
/// with the number of the change it shows (or, after a patch, where the page moved). Numbers grow
/// across the whole server; a page that reconnects is sent every part as it is, so it never keeps
/// a part older than what it missed. A part the page was sent before comes as an edit of it when
/// that is shorter (a ``Splice``), `{"n":…,"base":…,"splice":[head,tail],"html":…,"id":…}`: the
/// page keeps `head` and `tail` code units of the part numbered `base` and puts `html` between.
///
/// Its bytes are encoded once, when the hub makes it, as a whole WebSocket frame (a server's
/// frames are not masked, so every page receives the same bytes), and shared by every page it is
/// handed to: a `ByteBuffer` is copied on write, and pages only read it.
struct LiveEvent: Equatable, Sendable {
    /// The id of the part it replaces; empty for a heartbeat.
    let part: String
    /// The frame.
    let bytes: ByteBuffer
    /// For an edit, the part it makes, and that part's number: what a page that may not have the
    /// part it edits is sent instead (see ``whole``).
    private let edited: Fragment?
    private let number: Int

    /// The message of `fragment`, for change `number`: its JSON encoded here, once for every page
    /// of the address, and not kept with the part (a part's HTML is held once, by its ``Fragment``).
    /// With `base`, the part as every page it goes to was sent it last, it is an edit of that
    /// part when an edit is shorter.
    init(fragment: Fragment, number: Int, after base: (html: String, number: Int)? = nil) {
        part = fragment.id
        self.number = number
        var payload = ByteBuffer()
        payload.writeString("{\"n\":\(number)")
        if let base, let splice = Splice(from: base.html, to: fragment.html) {
            payload.writeString(",\"base\":\(base.number),\"splice\":[\(splice.head),\(splice.tail)]")
            Self.writeMembers(id: fragment.id, html: splice.middle, to: &payload)
            edited = fragment
        } else {
            Self.writeMembers(id: fragment.id, html: fragment.html, to: &payload)
            edited = nil
        }
        bytes = Self.frame(opcode: 0x1, payload)
    }

    /// The same part whole: what a page is sent when it may not have the part an edit edits (it
    /// fell behind, and only the newest of each of its parts waits).
    var whole: LiveEvent { edited.map { LiveEvent(fragment: $0, number: number) } ?? self }

    /// Writes `,"html":…,"id":…}`, the keys sorted: the same part always encodes to the same
    /// bytes, and the id comes last.
    private static func writeMembers(id: String, html: String, to payload: inout ByteBuffer) {
        let members = (try? sortedKeys.encode(["id": id, "html": html])) ?? Data("{}".utf8)
        if members.count > 2 { payload.writeString(",") }
        payload.writeBytes(members.dropFirst())
    }

    private init(part: String, bytes: ByteBuffer) {
        self.part = part
        self.bytes = bytes
        edited = nil
        number = 0
    }

    /// What a page's socket is told when it has moved to `address` (`{"at":"/?q=ad"}`): every part
    /// after it is that address's, and the page's script shows none before it.
    static func moved(to address: String) -> LiveEvent {
        message(part: " at", ["at": address])
    }

    /// What a page's socket is told when `address` could not be opened (`{"load":"/?q=%00"}`):
    /// the page loads it as a whole, and shows the page its request gets (a message saying why).
    static func load(_ address: String) -> LiveEvent {
        message(part: " load", ["load": address])
    }

    /// A text message of `members`; `part` is a name no element's id can have (it has a space).
    private static func message(part: String, _ members: [String: String]) -> LiveEvent {
        var payload = ByteBuffer()
        payload.writeBytes((try? encoder.encode(members)) ?? Data("{}".utf8))
        return LiveEvent(part: part, bytes: frame(opcode: 0x1, payload))
    }

    /// An address as it is (`/?q=ad`, not `\/?q=ad`).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    /// Keys sorted: the same part always encodes to the same bytes.
    private static let sortedKeys: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// The heartbeat: a ping, which a browser answers by itself. It keeps an idle connection
    /// moving, so that one that died quietly is noticed.
    static let heartbeat = LiveEvent(part: "", bytes: frame(opcode: 0x9, ByteBuffer()))

    /// A final, unmasked frame of `opcode` carrying `payload` (RFC 6455, section 5.2).
    static func frame(opcode: UInt8, _ payload: ByteBuffer) -> ByteBuffer {
        let length = payload.readableBytes
        var frame = ByteBuffer()
        frame.reserveCapacity(length + 10)
        frame.writeInteger(0x80 | opcode)
        switch length {
        case ..<126: frame.writeInteger(UInt8(length))
        case ...0xFFFF:
            frame.writeInteger(UInt8(126))
            frame.writeInteger(UInt16(length))
        default:
            frame.writeInteger(UInt8(127))
            frame.writeInteger(UInt64(length))
        }
        frame.writeImmutableBuffer(payload)
        return frame
    }

    /// `buffers` (frames), in order, for one write: the buffer itself when there is one, a copy
    /// of them all otherwise.
    static func joined(_ buffers: some Sequence<ByteBuffer>) -> ByteBuffer {
        var rest = buffers.makeIterator()
        guard var bytes = rest.next() else { return ByteBuffer() }
        while let buffer = rest.next() {
            bytes.writeImmutableBuffer(buffer)
        }
        return bytes
    }

    /// The number of the next change, server-wide.
    static func nextNumber() -> Int {
        numbers.add(1, ordering: .relaxed).newValue
    }

    private static let numbers = Atomic(0)
}
