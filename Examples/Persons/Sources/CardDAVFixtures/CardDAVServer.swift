import AsyncHTTPClient
import Foundation
import Glibc
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A real CardDAV server on 127.0.0.1, a free port and a folder of its own, started from the
/// Python tools `scripts/test` installs into the repository's `.venv` (`PURE_VENV` names another):
/// Radicale, with a user and password and an address book made for the test, or Xandikos, whose
/// defaults make one (it has no users). Stopped with ``stop()``.
///
/// ```swift
/// let server = try await CardDAVServer.start(.radicale)
/// defer { server.stop() }
/// let account = try CardDAVAccount(address: server.address, user: server.user, password: server.password)
/// ```
public final class CardDAVServer: Sendable {
    /// The servers the tests run against.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos

        /// The server's name.
        public var description: String { rawValue }
    }

    /// Which server.
    public let kind: Kind
    /// The address book's address.
    public let address: String
    /// The user, if the server has users.
    public let user: String?
    /// The user's password.
    public let password: String?
    /// The server's folder.
    public let folder: URL
    /// The server's port.
    public let port: Int
    private let process: NIOLockedValueBox<Process>

    private init(
        kind: Kind, address: String, user: String?, password: String?, folder: URL, port: Int, process: Process
    ) {
        self.kind = kind
        self.address = address
        self.user = user
        self.password = password
        self.folder = folder
        self.port = port
        self.process = NIOLockedValueBox(process)
    }

    /// The folder of the Python tools: `PURE_VENV`, or the repository's `.venv`.
    public static var venv: URL {
        if let path = ProcessInfo.processInfo.environment["PURE_VENV"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // Sources/CardDAVFixtures/CardDAVServer.swift, in Examples/Persons, in the repository.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".venv")
    }

    /// Why a server could not start.
    public struct NotStarted: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Starts a server of `kind` and makes its address book; a Radicale given `largestRequest`
    /// refuses a larger request (a card) with 413, and one that `logsRequests` logs each request
    /// with its client (see ``requests(fromClientNamed:)``).
    public static func start(
        _ kind: Kind, largestRequest: Int? = nil, logsRequests: Bool = false
    ) async throws -> CardDAVServer {
        let program = venv.appendingPathComponent("bin").appendingPathComponent(kind.rawValue)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw NotStarted(description: "\(program.path) is missing: run scripts/test once, which installs it")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try freePort()
        let process = Process()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: touch(folder.appendingPathComponent("server.log")))
        let server: CardDAVServer
        let arguments: [String]
        switch kind {
        case .radicale:
            try "ada:secret\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
            arguments =
                [
                    "--config", "", "--server-hosts", "127.0.0.1:\(port)",
                    "--storage-filesystem-folder", folder.appendingPathComponent("collections").path,
                    "--auth-type", "htpasswd", "--auth-htpasswd-filename", folder.appendingPathComponent("users").path,
                    "--auth-htpasswd-encryption", "plain",
                ] + (largestRequest.map { ["--server-max-content-length", String($0)] } ?? [])
                + (logsRequests ? ["--logging-level", "info"] : [])
            server = CardDAVServer(
                kind: kind, address: "http://127.0.0.1:\(port)/ada/book/", user: "ada", password: "secret",
                folder: folder, port: port, process: process)
        case .xandikos:
            arguments = [
                "--defaults", "-d", folder.appendingPathComponent("data").path, "-l", "127.0.0.1", "-p", "\(port)",
            ]
            server = CardDAVServer(
                kind: kind, address: "http://127.0.0.1:\(port)/user/contacts/addressbook/", user: nil, password: nil,
                folder: folder, port: port, process: process)
        }
        process.executableURL = venv.appendingPathComponent("bin").appendingPathComponent("python")
        process.arguments = ["-c", watcher, "\(getpid())", program.path] + arguments
        try process.run()
        try await server.waitUntilListening()
        if kind == .radicale { try await server.makeAddressBook() }
        return server
    }

    /// Stops the server at once (a server asked to stop waits for its clients' kept-alive
    /// connections to close, and Xandikos may not stop at all) and removes its folder. A server
    /// no one stopped stops when it is let go, and when this process ends, however it ends.
    public func stop() {
        process.withLockedValue { process in
            if process.isRunning {
                Glibc.kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(at: folder)
        _ = Self.portsGiven.withLockedValue { $0.remove(port) }
    }

    deinit {
        stop()
    }

    /// The Python script the server runs under (`python -c script parent program arguments…`,
    /// `parent` the process id of the one starting it): it ends with the server, and kills it
    /// when told to stop (`SIGTERM`) or when its parent is gone (a test run stopped at its time
    /// limit, or one that crashed), even before it began: nothing a test starts outlives it. Its
    /// signal mask is cleared first: a process started from Swift inherits one that blocks
    /// `SIGCHLD`, under which a shell's `wait` never returns.
    static let watcher = """
        import os, signal, subprocess, sys, time
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        parent = int(sys.argv[1])
        server = subprocess.Popen(sys.argv[2:])
        def stop(*_):
            server.kill()
            server.wait()
            sys.exit(0)
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        while server.poll() is None:
            if os.getppid() != parent:
                stop()
            time.sleep(0.2)
        """

    /// The bytes the server serves at `href` (a path of it), as a plain `GET` reads them: what a
    /// server that keeps cards as sent (Xandikos) stores, where a multistatus's XML turns each
    /// `\r\n` into `\n`.
    public func bytes(at href: String) async throws -> String {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(href)")
        if let user, let password {
            request.headers.add(
                name: "Authorization", value: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        guard response.status == .ok else { throw NotStarted(description: "GET \(href) answered \(response.status)") }
        return String(buffer: try await response.body.collect(upTo: 1 << 22))
    }

    /// How many requests a Radicale started with `logsRequests` has logged from a client whose
    /// `User-Agent` holds `name` (`vdirsyncer`).
    public func requests(fromClientNamed name: String) throws -> Int {
        let log = try String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)
        return log.split(separator: "\n").filter { $0.contains(" request for '") && $0.contains(name) }.count
    }

    private func waitUntilListening() async throws {
        // A hang catcher: a machine kept busy by parallel tests may take a while to start Python.
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/")
            request.method = .OPTIONS
            if (try? await HTTPClient.shared.execute(request, timeout: .seconds(2))) != nil { return }
            guard process.withLockedValue({ $0.isRunning }) else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        throw NotStarted(description: "\(kind) did not answer on port \(port): \(log.suffix(2_000))")
    }

    /// Makes the address book (an extended MKCOL, RFC 5689), or, given `at`, a collection of
    /// `kind` (`addressbook`, `calendar`) at that address of the server.
    public func makeAddressBook(at url: String? = nil, kind type: String = "addressbook") async throws {
        let namespace = type == "calendar" ? "urn:ietf:params:xml:ns:caldav" : "urn:ietf:params:xml:ns:carddav"
        let response = try await send(
            .MKCOL, url ?? address,
            body: """
                <?xml version="1.0"?><mkcol xmlns="DAV:" xmlns:C="\(namespace)"><set><prop>\
                <resourcetype><collection/><C:\(type)/></resourcetype></prop></set></mkcol>
                """)
        guard response == .created else {
            throw NotStarted(description: "MKCOL \(url ?? address) answered \(response)")
        }
    }

    /// Deletes the address book and all its cards, as another client deleting the collection.
    public func deleteAddressBook() async throws {
        let response = try await send(.DELETE, address)
        guard [.noContent, .ok].contains(response) else {
            throw NotStarted(description: "DELETE \(address) answered \(response)")
        }
    }

    /// Sends a request with the user's password, if any, and returns its status.
    private func send(_ method: HTTPMethod, _ url: String, body: String? = nil) async throws -> HTTPResponseStatus {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/xml")
        if let user, let password {
            request.headers.add(
                name: "Authorization", value: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        return try await HTTPClient.shared.execute(request, timeout: .seconds(60)).status
    }

    private static func touch(_ file: URL) throws -> URL {
        FileManager.default.createFile(atPath: file.path, contents: nil)
        return file
    }

    /// The ports this process's servers were given and still hold. The kernel may give a port
    /// just closed to the next `bind` to port 0: two tests starting servers at once could get
    /// the same one, the second server fail to listen, and its test talk to the first's
    /// (a CI run under ThreadSanitizer did). A port is handed out once until its server stops.
    private static let portsGiven = NIOLockedValueBox<Set<Int>>([])

    /// A port nothing listens on now and no server of this process was given.
    private static func freePort() throws -> Int {
        for _ in 0..<100 {
            let port = try unboundPort()
            if portsGiven.withLockedValue({ $0.insert(port).inserted }) { return port }
        }
        throw NotStarted(description: "no free port that no other server here was given")
    }

    /// A port nothing listens on now: held, read, and let go.
    private static func unboundPort() throws -> Int {
        let held = try HeldPort()
        defer { held.close() }
        return held.port
    }
}
