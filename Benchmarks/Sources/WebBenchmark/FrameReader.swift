import NIOCore

/// Reads a live page's socket as its bytes come, the way a browser takes them: the upgrade's
/// answer, then WebSocket frames. It never copies a payload: it keeps only a frame's header and
/// the end of its payload, enough to tell which part a message is (a part's message ends with
/// its id: `…,"id":"switches"}`), what the part starts with, and to answer a ping. The page clients share the machine with
/// the server and must cost it as little as they can.
struct FrameReader {
    /// A whole frame: its opcode, the first and last bytes of its payload (all of a ping's), and
    /// its size on the wire, its header included.
    typealias Frame = (opcode: UInt8, beginning: [UInt8], ending: [UInt8], bytes: Int)

    /// How many bytes of a payload's end are kept.
    static let kept = 32
    /// How many bytes of a payload's beginning are kept.
    static let keptAtFirst = 320

    private var head: [UInt8] = []
    private var isUpgraded = false
    private var header: [UInt8] = []
    private var remaining = 0
    private var ending: [UInt8] = []
    private var beginning: [UInt8] = []

    /// Feeds `chunk`; calls `frame` for every frame it completes. An answer to the upgrade that
    /// is not `101` is kept in ``failure``, and nothing more is read.
    mutating func feed(_ chunk: ByteBuffer, _ frame: (Frame) -> Void) {
        let bytes = chunk.readableBytesView
        guard failure == nil else { return }
        guard isUpgraded else {
            head += bytes
            guard let end = head.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            guard head.starts(with: "HTTP/1.1 101 ".utf8) else {
                failure = String(decoding: head.prefix(80), as: UTF8.self)
                return
            }
            isUpgraded = true
            let rest = head[end.upperBound...]
            head = []
            return feedFrames(rest, frame)
        }
        feedFrames(bytes[...], frame)
    }

    /// The answer to the upgrade, if it was not `101`.
    private(set) var failure: String?

    private mutating func feedFrames<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ frame: (Frame) -> Void)
    where Bytes.SubSequence == Bytes {
        var rest = bytes
        while true {
            if !isInPayload {
                guard let byte = rest.first else { return }
                rest = rest.dropFirst()
                header.append(byte)
                guard let length = headerLength else { continue }
                remaining = length
                frameBytes = header.count + length
                isInPayload = true
                ending = []
                beginning = []
            }
            let taken = rest.prefix(remaining)
            if beginning.count < Self.keptAtFirst { beginning += taken.prefix(Self.keptAtFirst - beginning.count) }
            // The last bytes by index: `suffix` on a sequence would walk the whole payload.
            let tail = taken.dropFirst(max(0, taken.count - Self.kept))
            ending = Array((ending + tail).suffix(Self.kept))
            remaining -= taken.count
            rest = rest.dropFirst(taken.count)
            guard remaining == 0 else { return }
            frame((header[0] & 0x0F, beginning, ending, frameBytes))
            header = []
            isInPayload = false
        }
    }

    private var isInPayload = false
    private var frameBytes = 0

    /// The payload's length once the header is whole (RFC 6455, 5.2: servers do not mask).
    private var headerLength: Int? {
        guard header.count >= 2 else { return nil }
        let short = Int(header[1] & 0x7F)
        let extra = short == 126 ? 2 : short == 127 ? 8 : 0
        guard header.count == 2 + extra else { return nil }
        return extra == 0 ? short : header[2...].reduce(0) { $0 << 8 | Int($1) }
    }
}
