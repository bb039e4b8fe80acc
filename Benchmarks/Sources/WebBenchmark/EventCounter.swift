import NIOCore

/// The C library's `memmem` (a GNU and BSD function the Swift overlay of Glibc leaves out).
@_silgen_name("memmem")
private func memmem(
    _ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer?, _ needleLength: Int
) -> UnsafeMutableRawPointer?

/// Counts, in a server-sent-event stream read as it comes, the events that carry a marker.
///
/// The marker (`"id":"switches"`) can only appear in the event it names: inside a fragment's
/// HTML every quote is escaped. So counting the marker's occurrences counts the events, and
/// each chunk is searched where it lies with `memmem`, never copied: the page clients share
/// the machine with the server and must cost it as little as they can.
struct EventCounter {
    private let marker: [UInt8]
    /// The end of the previous chunk, one byte shorter than the marker: a marker split across
    /// two chunks is found in it and the start of the next.
    private var carry: [UInt8] = []

    init(marker: String) {
        self.marker = Array(marker.utf8)
    }

    /// Feeds `chunk`; returns how many markers it completed.
    mutating func feed(_ chunk: ByteBuffer) -> Int {
        let keep = marker.count - 1
        var found = 0
        chunk.withUnsafeReadableBytes { bytes in
            let seam = carry + bytes.prefix(keep)
            found += seam.withUnsafeBytes { count(in: $0) }
            found += count(in: bytes)
            let tail = bytes.suffix(keep)
            carry = tail.count == keep ? Array(tail) : Array((carry + tail).suffix(keep))
        }
        return found
    }

    /// How many times the marker occurs in `bytes`.
    private func count(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, bytes.count >= marker.count else { return 0 }
        var found = 0
        var offset = 0
        marker.withUnsafeBytes { needle in
            while offset <= bytes.count - marker.count,
                let hit = memmem(base + offset, bytes.count - offset, needle.baseAddress, needle.count)
            {
                found += 1
                offset = base.distance(to: UnsafeRawPointer(hit)) + needle.count
            }
        }
        return found
    }
}
