import NIOCore
import Synchronization

/// A fragment as a page's socket receives it: a WebSocket text message, `{"n":…,"html":…,"id":…}`,
/// with the number of the change it shows. Numbers grow across the whole server; a page that
/// reconnects is sent every part as it is, so it never keeps a part older than what it missed.
///
/// Its bytes are encoded once, when the hub makes it, as a whole WebSocket frame (a server's
/// frames are not masked, so every page receives the same bytes), and shared by every page it is
/// handed to: a `ByteBuffer` is copied on write, and pages only read it.
struct LiveEvent: Equatable, Sendable {
    /// The id of the part it replaces; empty for a heartbeat.
    let part: String
    /// The frame.
    let bytes: ByteBuffer

    init(fragment: Fragment, number: Int) {
        part = fragment.id
        var payload = ByteBuffer()
        payload.writeString("{\"n\":\(number),\(fragment.members)}")
        bytes = Self.frame(opcode: 0x1, payload)
    }

    private init(part: String, bytes: ByteBuffer) {
        self.part = part
        self.bytes = bytes
    }

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
