import NIOCore

/// Reads a server-sent-event stream's bytes as they come and counts the events that carry a
/// marker, scanning each byte once (no string searches: those go through CFString on Linux and
/// would make the client, which shares the machine with the server, the bottleneck).
struct EventCounter {
    private let marker: [UInt8]
    private var event: [UInt8] = []
    private var newlines = 0

    init(marker: String) {
        self.marker = Array(marker.utf8)
    }

    /// Feeds `chunk`; returns how many complete events in it carried the marker.
    mutating func feed(_ chunk: ByteBuffer) -> Int {
        var found = 0
        for byte in chunk.readableBytesView {
            event.append(byte)
            newlines = byte == 0x0A ? newlines + 1 : 0
            if newlines == 2 {
                if contains(marker) { found += 1 }
                event.removeAll(keepingCapacity: true)
                newlines = 0
            }
        }
        return found
    }

    private func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, event.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while index <= event.count - needle.count {
            if event[index] == first, event[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
