/// A part's new HTML as an edit of the HTML its pages were sent before: how much of the old
/// stays at the start (`head`) and at the end (`tail`), counted in UTF-16 code units as a page's
/// script counts a string, and what goes between them. A list that gains a row is sent that row,
/// not the whole list again.
///
/// ```swift
/// let splice = Splice(from: "<p>Ada</p>", to: "<p>Ada Lovelace</p>", keeping: 8)
/// // head 6, tail 4, middle " Lovelace": the page makes "<p>Ada" + " Lovelace" + "</p>"
/// ```
struct Splice {
    /// The code units of the old HTML kept at its start.
    let head: Int
    /// The code units of the old HTML kept at its end.
    let tail: Int
    /// What replaces the rest.
    let middle: String

    /// The edit from `old` to `new`, if it keeps at least `keeping` bytes of `old`: an edit that
    /// keeps less is no shorter than `new` itself, with the numbers it carries. It cuts between
    /// whole characters (Unicode scalars), so that both ends are text a script can splice.
    init?(from old: String, to new: String, keeping least: Int = 64) {
        let edit = Self.bytes(of: old) { old in
            Self.bytes(of: new) { new in Self.edit(from: old, to: new, keeping: least) }
        }
        guard let edit else { return nil }
        (head, tail, middle) = edit
    }

    private static func edit(
        from old: UnsafeBufferPointer<UInt8>, to new: UnsafeBufferPointer<UInt8>, keeping least: Int
    ) -> (Int, Int, String)? {
        let shorter = min(old.count, new.count)
        var head = 0
        while head < shorter, old[head] == new[head] { head += 1 }
        while head > 0,
            (head < old.count && isContinuation(old[head])) || (head < new.count && isContinuation(new[head]))
        {
            head -= 1
        }
        var tail = 0
        while tail < shorter - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        while tail > 0, isContinuation(new[new.count - tail]) { tail -= 1 }
        guard head + tail >= least else { return nil }
        let middle = String(decoding: UnsafeBufferPointer(rebasing: new[head..<new.count - tail]), as: UTF8.self)
        return (
            units(UnsafeBufferPointer(rebasing: new[..<head])),
            units(UnsafeBufferPointer(rebasing: new[(new.count - tail)...])), middle
        )
    }

    /// Whether `byte` continues a UTF-8 sequence rather than starting one.
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The UTF-16 code units of `bytes`, whole characters of UTF-8: one for each character but
    /// those of four bytes, which take two.
    private static func units(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0
        for byte in bytes where !isContinuation(byte) { units += byte >= 0xF0 ? 2 : 1 }
        return units
    }

    /// Calls `body` with the UTF-8 bytes of `text`.
    private static func bytes<Result>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
