import AsyncHTTPClient
import Hummingbird
import Persons
import PersonsTestSupport
import Testing

@testable import PersonsWeb

/// DNS rebinding: a page on another site that resolves its own name to 127.0.0.1 reaches the
/// server with that name as `Host`. Every route refuses it before doing anything.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Host names", .timeLimit(.minutes(10)))
struct HostTests {
    @Test("a request for another host is refused on every route the router lists, and changes nothing")
    func rebinding() async throws {
        let harness = try await WebHarness()
        let routes = harness.server.router().routes.map { route in
            (route: "\(route)", path: MethodTests.address(route.path), isPost: route.method == .post)
        }
        #expect(routes.count >= 8, "\(routes)")
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            for route in routes {
                let path = route.path
                let form = route.isPost ? "isRegion=false&q=Ja&page=1" : nil
                let response = try await Self.request(port: port, path: path, form: form, host: "evil.example:\(port)")
                #expect(response.status == 421, "\(route.route)")
                #expect(response.body.contains("does not answer to that host name"), "\(route.route)")
                #expect(!response.body.contains("jroe"), "\(route.route)")
            }
        }
        #expect(harness.raft.appState.value.field.isRegion == true)
        #expect(harness.raft.syncCount == 0)
    }

    @Test(
        "the loopback names and the address listened on are served",
        arguments: ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])
    func loopback(host: String) async throws {
        let harness = try await WebHarness()
        try await withRunningServer(harness.server, running: harness.raft.vessel) { port in
            let response = try await Self.request(port: port, path: "/", form: nil, host: "\(host):\(port)")
            #expect(response.status == 200)
            #expect(response.body.contains("jroe"))
        }
    }

    @Test("a name allowed with --allow-host is served; the rest are not")
    func allowedName() {
        let hosts = AllowedHosts(listeningOn: "0.0.0.0", also: ["Persons.Local"])
        #expect(hosts.allows(authority: "persons.local:8080"))
        #expect(hosts.allows(authority: "persons.local."))
        #expect(!hosts.allows(authority: "0.0.0.0:8080"))
        #expect(!hosts.allows(authority: "persons.local.evil.example"))
        #expect(!hosts.allows(authority: ""))
        #expect(AllowedHosts(listeningOn: "192.0.2.7").allows(authority: "192.0.2.7:80"))
    }

    static func request(
        port: Int, path: String, form: String?, host: String
    ) async throws -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.headers.replaceOrAdd(name: "Host", value: host)
        if let form {
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: form))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), String(buffer: body))
    }
}
