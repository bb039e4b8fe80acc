#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path names: its device and inode. A file deleted and made again, replaced by
/// another (a copy moved over it, a folder), or moved away has another identity, or none, at
/// its path, while a connection opened before keeps using the old one.
///
/// ```swift
/// let opened = FileIdentity(atPath: path)
/// // ...
/// if FileIdentity(atPath: path) != opened { refuseWrites() }
/// ```
public struct FileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64

    /// The identity of the regular file at `path`; `nil` when there is none (nothing there, a
    /// folder, a path that cannot be read).
    public init?(atPath path: String) {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
