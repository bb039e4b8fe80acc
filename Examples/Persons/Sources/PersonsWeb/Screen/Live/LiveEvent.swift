import NIOCore
import Synchronization

/// A fragment as a page's stream sends it: with the number of the change it shows as the event's
/// `id:`, so that a browser that reconnects says how far it got (`Last-Event-ID`). Numbers grow
/// across the whole server. A reconnecting page is sent every part as it is, so it never keeps a
/// part older than what it missed, whatever number it reports.
///
/// Its bytes are encoded once, when the hub makes it, as one chunk of an HTTP/1.1 response body
/// (`<length in hex>\r\n<event>\r\n`), and shared by every page it is handed to: a `ByteBuffer`
/// is copied on write, and pages only read it.
struct LiveEvent: Equatable, Sendable {
    let fragment: Fragment
    let number: Int
    /// The chunk: `id:` and the fragment, or only the comment of a heartbeat, framed.
    let bytes: ByteBuffer

    init(fragment: Fragment, number: Int) {
        self.fragment = fragment
        self.number = number
        let event = fragment.id.isEmpty ? fragment.event : "id: \(number)\n" + fragment.event
        var bytes = ByteBuffer()
        bytes.writeString(String(event.utf8.count, radix: 16) + "\r\n")
        bytes.writeString(event)
        bytes.writeString("\r\n")
        self.bytes = bytes
    }

    /// `buffers` (chunks), in order, for one write: the buffer itself when there is one, a copy
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
