/// What kind of image some bytes are, from their first bytes: the only images a photo may be.
///
/// ```swift
/// ImageKind.mediaType(of: [0xFF, 0xD8, 0xFF, 0xE0])   // "image/jpeg"
/// ImageKind.mediaType(of: Array("<html>".utf8))       // nil
/// ```
public enum ImageKind {
    /// The media type of `bytes` if they start as a JPEG, PNG, GIF or WebP image does; `nil`
    /// otherwise.
    public static func mediaType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8...] == Array("WEBP".utf8)[...] {
            return "image/webp"
        }
        return nil
    }
}
