import NIOCore
import Synchronization

/// A fragment as a page's stream sends it: with the number of the change it shows as the event's
/// `id:`, so that a browser that reconnects says how far it got (`Last-Event-ID`). Numbers grow
/// across the whole server. A reconnecting page is sent every part as it is, so it never keeps a
/// part older than what it missed, whatever number it reports.
///
/// Its bytes are encoded once, when the hub makes it, and shared by every page it is handed to:
/// a `ByteBuffer` is copied on write, and pages only read it.
struct LiveEvent: Equatable, Sendable {
    let fragment: Fragment
    let number: Int
    /// The bytes of the event: `id:` and the fragment, or only the comment of a heartbeat.
    let bytes: ByteBuffer

    init(fragment: Fragment, number: Int) {
        self.fragment = fragment
        self.number = number
        bytes = ByteBuffer(string: fragment.id.isEmpty ? fragment.event : "id: \(number)\n" + fragment.event)
    }

    /// The bytes of `events`, in order, for one write: the shared buffer itself when there is
    /// one event, a copy of them all otherwise.
    static func joined(_ events: [LiveEvent]) -> ByteBuffer {
        guard var bytes = events.first?.bytes else { return ByteBuffer() }
        for event in events.dropFirst() {
            bytes.writeImmutableBuffer(event.bytes)
        }
        return bytes
    }

    /// The number of the next change, server-wide.
    static func nextNumber() -> Int {
        numbers.add(1, ordering: .relaxed).newValue
    }

    private static let numbers = Atomic(0)
}
