import Pure

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

extension JournalFile {
    /// The largest journal file read.
    public static let sizeLimit = 64 << 20

    /// Reads the journal file at `path`: JSON lines, as `Journal.jsonLines()` writes them, at
    /// most ``sizeLimit`` bytes of UTF-8. A file that cannot be read is a `ReadError` of line 0
    /// that says why.
    ///
    /// ```swift
    /// let file = try JournalFile(contentsOf: "Journals/bug-42.jsonl")
    /// ```
    public init(contentsOf path: String) throws(ReadError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(line: 0, reason: "cannot open it: \(Self.systemError())") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else {
                if errno == EINTR { continue }
                throw ReadError(line: 0, reason: "cannot read it: \(Self.systemError())")
            }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            guard bytes.count <= Self.sizeLimit else {
                throw ReadError(line: 0, reason: "it is larger than \(Self.sizeLimit >> 20) MiB")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadError(line: 0, reason: "it is not UTF-8 text")
        }
        try self.init(jsonLines: text)
    }

    /// The last system call's error, in words.
    private static func systemError() -> String {
        strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
    }
}
