import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The address book's password, read from a file as ssh reads a key: the file must be a regular
/// file that only its owner can read, and the password its first line, of at most ``longest``
/// bytes. Anything else is refused at once, saying why, and never cut, waited on or used.
///
/// ```swift
/// let password = try PasswordFile.read("/home/ada/.config/pure/carddav-password")
/// ```
enum PasswordFile {
    /// The longest password read, in bytes.
    static let longest = 4_096

    /// The first line of the file at `path`, or why it is refused, in words.
    static func read(_ path: String) throws -> String {
        // Opened without waiting (a FIFO with no writer would wait for ever), then checked on
        // the file opened, not on the name, which could change between the two.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ValidationError("Cannot read the password file \(path): \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ValidationError("Cannot read the password file \(path): \(String(cString: strerror(errno))).")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ValidationError(
                "The password file \(path) is not a regular file (a FIFO, a device or a folder): give a file.")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw ValidationError(
                "The password file \(path) can be read by other users: make it yours alone with chmod 600 \(path).")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        let bytes = [UInt8]((try? handle.read(upToCount: longest + 2)) ?? Data())
        let line =
            bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            .first.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 } ?? []
        guard line.count <= longest else {
            throw ValidationError("The password in \(path) is longer than \(longest) bytes: it is not used, nor cut.")
        }
        guard !line.isEmpty else {
            throw ValidationError("The password file \(path) is empty: its first line is the password.")
        }
        guard let password = String(validating: line, as: UTF8.self) else {
            throw ValidationError("The password in \(path) is not UTF-8 text.")
        }
        return password
    }
}
