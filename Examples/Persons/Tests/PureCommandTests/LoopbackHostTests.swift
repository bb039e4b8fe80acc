import Testing

@testable import PureCommand

/// `pure serve` says other machines can reach the app only when they can: every way of writing
/// a loopback address keeps it to this machine.
@Suite("Loopback hosts")
struct LoopbackHostTests {
    @Test(
        "loopback in any form keeps the app to this machine",
        arguments: [
            "127.0.0.1", "127.0.0.2", "127.255.255.254", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1",
            "0::1",
        ])
    func loopback(host: String) {
        #expect(LoopbackHost.contains(host))
    }

    @Test(
        "any other address, a wildcard included, does not",
        arguments: [
            "0.0.0.0", "::", "192.168.1.2", "128.0.0.1", "::2", "persons.local", "127.0.0.1.evil.example", "", "[::1",
        ])
    func elsewhere(host: String) {
        #expect(!LoopbackHost.contains(host))
    }
}
