import Synchronization

/// A fragment as a page's stream sends it: with the number of the change it shows as the event's
/// `id:`, so that a browser that reconnects says how far it got (`Last-Event-ID`). Numbers grow
/// across the whole server. A reconnecting page is sent every part as it is, so it never keeps a
/// part older than what it missed, whatever number it reports.
struct LiveEvent: Equatable, Sendable {
    let fragment: Fragment
    let number: Int

    /// The bytes of the event: `id:` and the fragment, or only the comment of a heartbeat.
    var text: String {
        fragment.id.isEmpty ? fragment.event : "id: \(number)\n" + fragment.event
    }

    /// The number of the next change, server-wide.
    static func nextNumber() -> Int {
        numbers.add(1, ordering: .relaxed).newValue
    }

    private static let numbers = Atomic(0)
}
