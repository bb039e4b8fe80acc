/// A person's photo as the app keeps it: its bytes, what kind of image they are, and a tag that
/// changes with them (for caches).
///
/// ```swift
/// let name = PhotoFile.name(for: "https://randomuser.me/api/portraits/women/12.jpg")   // "f1c3…"
/// ```
public struct PhotoFile: Equatable, Sendable {
    /// The image's bytes.
    public let bytes: [UInt8]
    /// Its media type: `image/jpeg`, `image/png`, `image/gif` or `image/webp`.
    public let type: String
    /// A tag of its bytes: the same bytes, the same tag.
    public let tag: String

    /// The photo of `bytes`, an image of media type `type`.
    public init(bytes: [UInt8], type: String) {
        self.bytes = bytes
        self.type = type
        tag = Self.hash(bytes)
    }

    /// The largest photo kept, in bytes: a directory's portraits are a few kilobytes.
    public static let largest = 512 * 1_024

    /// The name the photo at `address` is kept under: 16 hexadecimal digits, the same for the
    /// same address, and nothing a path can be made of.
    public static func name(for address: String) -> String {
        hash(Array(address.utf8))
    }

    /// Whether `name` is a name ``name(for:)`` makes.
    public static func isName(_ name: String) -> Bool {
        name.utf8.count == 16 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// FNV-1a (64 bits) of `bytes`, in 16 hexadecimal digits.
    private static func hash(_ bytes: [UInt8]) -> String {
        let value = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
