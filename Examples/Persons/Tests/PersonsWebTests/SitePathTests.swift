import Hummingbird
import HummingbirdTesting
import Persons
import PersonsTestSupport
import Pure
import Testing

@testable import PersonsShow
@testable import PersonsWeb

/// Every address a template links or posts to is one the server serves.
@Suite("Site paths")
struct SitePathTests {
    @Test("every address in a template is served: links answer GET, forms answer POST")
    func everyAddressIsServed() async throws {
        let raft = try await Raft()
        let server = try PersonsWebServer(
            service: raft.vessel, limits: .patient,
            inspector: Inspector(journal: Journal<Roger>(), restore: { _ in false }))
        let templates = Shows.components.map { $0.template }.joined(separator: "\n")
        let links = addresses(in: templates, after: #"href=""#).union(addresses(in: templates, after: #"src=""#))
            .union(addresses(in: templates, after: #"method="get" action=""#))
        let forms = addresses(in: templates, after: #"method="post" action=""#)
        #expect(
            links.contains(StaticAsset.styleSheet.address) && links.contains(SitePath.inspector)
                && forms.contains(SitePath.switches))
        try await Application(router: server.router()).test(.router) { client in
            for path in links {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status != .notFound, "GET \(path)")
            }
            for path in forms {
                let response = try await client.execute(uri: path, method: .post, headers: formHeaders, body: form(""))
                #expect(response.status != .notFound && response.status != .methodNotAllowed, "POST \(path)")
            }
        }
    }

    @Test(
        "a person's address holds the id percent-encoded for a path segment; an id of unreserved characters as it is",
        arguments: [
            ("0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e"),
            ("Ab-9._~", "Ab-9._~"), ("a/b", "a%2Fb"), ("a b", "a%20b"), ("é", "%C3%A9"),
            ("a?b#c%d", "a%3Fb%23c%25d"), ("a:b@c", "a:b@c"), ("", ""),
        ])
    func personAddress(id: String, segment: String) {
        #expect(SitePath.person(id) == "/people/" + segment)
    }

    /// The local addresses written right after `marker` in `text` (template tags left out).
    func addresses(in text: String, after marker: String) -> Set<String> {
        Set(
            text.components(separatedBy: marker).dropFirst().compactMap { rest in
                let address = String(rest.prefix { $0 != "\"" })
                return address.hasPrefix("/") ? address : nil
            })
    }
}
