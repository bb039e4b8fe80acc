import Hummingbird
import HummingbirdTesting
import Persons
import PersonsShow
import PersonsTestSupport
import Testing

@testable import PersonsWeb

// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Web safety", .timeLimit(.minutes(10)))
struct SafetyTests {
    @Test("a switch flipped by a form changes the state and goes back, only to a local page")
    func switches() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let flip = try await client.execute(
                uri: "/switches", method: .post, headers: formHeaders, body: form("isRegion=false&back=/people/p1"))
            #expect(flip.status == .seeOther)
            #expect(flip.headers[.location] == "/people/p1")
            #expect(harness.raft.appState.value.field.isRegion == false)

            // What a browser would turn into another site's address, after it strips tabs and
            // newlines, or reads a backslash as a slash.
            for back in [
                "//evil.example/", "/%09/evil.example", "/%0A/evil.example", "/%5Cevil.example", "%09//evil.example",
                // The slash or backslash with a mark after it, one character: a host's name drops
                // a variation selector (U+FE0F), so the first is evil.example's.
                "//%EF%B8%8Fevil.example/", "//%CC%81evil.example/", "/%5C%CC%81evil.example",
                "/%2F%E2%83%A3evil.example",
            ] {
                let away = try await client.execute(
                    uri: "/switches", method: .post, headers: formHeaders, body: form("isUsername=false&back=\(back)"))
                #expect(away.headers[.location] == "/", "\(back)")
            }
            let kept = try await client.execute(
                uri: "/switches", method: .post, headers: formHeaders, body: form("isUsername=true&back=/people/p%091"))
            #expect(kept.headers[.location] == "/people/p1", "a tab inside a local path is dropped, as a browser does")
        }
    }

    @Test(
        "a HEAD is answered wherever a GET is: the same status and headers, no body",
        arguments: ["/", "/people/p1", StaticAsset.script.address, "/live.js", "/nothing"])
    func head(path: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let get = try await client.execute(uri: path, method: .get)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == get.status, "\(path)")
            #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            #expect(head.body.readableBytes == 0, "\(path)")
        }
    }

    @Test(
        "error pages carry the security headers every page has",
        arguments: ["/nothing", "/people/nobody", "/?at=nowhere", "/switches"])
    func errorHeaders(path: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let response = try await client.execute(uri: path, method: path == "/switches" ? .post : .get)
            #expect(response.status.code >= 400, "\(path)")
            #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(path)")
            #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
        }
    }

    @Test(
        "a state change from another site is refused and changes nothing",
        arguments: [("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")])
    func crossSite(header: String, value: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            var headers = formHeaders
            headers[.init(header)!] = value
            let response = try await client.execute(
                uri: "/switches", method: .post, headers: headers, body: form("isRegion=false"))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("came from another site"))
            #expect(harness.raft.appState.value.field.isRegion == true)
        }
    }

    @Test("a state change from this site passes")
    func sameSite() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            var headers = formHeaders
            headers[.init("Sec-Fetch-Site")!] = "same-origin"
            let response = try await client.execute(
                uri: "/switches", method: .post, headers: headers, body: form("isRegion=false"))
            #expect(response.status == .seeOther)
        }
    }

    @Test(
        "malformed requests get a 4xx page, never a crash",
        arguments: [
            ("/switches", "", 400), ("/switches", "back=/", 400), ("/switches", "isRegion=maybe", 400),
            ("/sync", "back=%ZZ", 400),
        ])
    func malformed(path: String, body: String, status: Int) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let response = try await client.execute(uri: path, method: .post, headers: formHeaders, body: form(body))
            #expect(response.status.code == status)
            #expect(response.text.contains("<html"))
        }
    }

    @Test("every form the router takes answers hostile bodies with a page or a redirect, never a 5xx")
    func everyFormRoute() async throws {
        let harness = try await WebHarness()
        let forms = Set(
            harness.server.router().routes.filter { $0.method == .post }.map { MethodTests.address($0.path) })
        #expect(forms.count >= 3, "every form is listed: \(forms.sorted())")
        let bodies = [
            "", "%ZZ", "=&&=", "x[]=1", "q[x]=a", "page=99999999999999999999", "isRegion=maybe", "sequence=-1",
            "back=//evil.example", String(repeating: "a=1&", count: 1_000),
        ]
        try await harness.test { client in
            for path in forms.sorted() {
                for body in bodies {
                    let response = try await client.execute(
                        uri: path, method: .post, headers: formHeaders, body: form(body))
                    #expect(response.status.code < 500, "\(path) \(body.prefix(40))")
                    if response.status.code >= 400 {
                        #expect(response.text.contains("<html"), "\(path) \(body.prefix(40))")
                    }
                    if let location = response.headers[.location] {
                        #expect(location.hasPrefix("/") && !location.hasPrefix("//"), "\(path) \(body.prefix(40))")
                    }
                }
            }
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    @Test(
        "forms that are not forms get a 400 page, never a 500",
        arguments: [
            "isRegion=%ZZ", "isRegion=%", "=&&=", "isRegion=true&isRegion=false", "isRegion[]=true", "isRegion[x]=true",
        ])
    func malformedEncoding(body: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let response = try await client.execute(
                uri: "/switches", method: .post, headers: formHeaders, body: form(body))
            #expect(response.status == .badRequest, "\(body)")
            #expect(response.text.contains("That request could not be understood."))
        }
    }

    @Test(
        "a position that is not one is a page saying so, and changes nothing",
        arguments: [
            "2", "page:2", "from:", "after", "from:\u{1B}[2J", String(repeating: "a", count: 1_001),
            "after:1,2,3,4,5,6,7,8,9", "\u{0}",
        ])
    func badPosition(position: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let encoded = position.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let response = try await client.execute(uri: "/?q=a&at=\(encoded)", method: .get)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("<html"))
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.status == .ok)
        }
    }

    @Test("a key no list has reads the first page, never fails")
    func foreignKey() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            for position in ["after:9223372036854775807", "before:-1", "after:x,y,z,w", "from:\u{10FFFF}"] {
                let encoded = position.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let home = try await client.execute(uri: "/?at=\(encoded)", method: .get)
                #expect(home.status == .ok, "\(position)")
            }
        }
    }

    @Test("an oversized form is refused with 413")
    func oversized() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let response = try await client.execute(
                uri: "/switches", method: .post, headers: formHeaders,
                body: form("back=" + String(repeating: "a", count: 100_000)))
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("That request is too large."))
        }
    }

    @Test("an unknown address gets a not-found page")
    func unknownAddress() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let response = try await client.execute(uri: "/nowhere", method: .get)
            #expect(response.status == .notFound)
            #expect(response.text.contains("There is no such page."))
        }
    }

    @Test(
        "static files are served from their hashed address, kept a year, and nothing outside their folder",
        arguments: [
            "/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/..%2fPackage.swift",
            "/static/%2e%2e%2f%2e%2e%2fPackage.swift",
        ])
    func staticFiles(escape: String) async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let script = try await client.execute(uri: StaticAsset.script.address, method: .get)
            #expect(script.status == .ok)
            #expect(script.text.contains("form[data-live]"))
            #expect(script.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            // The address holds the content's hash: the file at an address without it is none.
            #expect(StaticAsset.script.address.wholeMatch(of: /\/static\/app\.[0-9a-f]{12}\.js/) != nil)
            #expect(try await client.execute(uri: "/static/app.js", method: .get).status == .notFound)
            let outside = try await client.execute(uri: escape, method: .get)
            #expect((400..<500).contains(outside.status.code))
            #expect(!outside.text.contains("PackageDescription"))
        }
    }

    @Test("pages carry a content security policy")
    func securityHeaders() async throws {
        let harness = try await WebHarness()
        try await harness.test { client in
            let page = try await client.execute(uri: "/", method: .get)
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            for directive in ["script-src 'self'", "frame-ancestors 'none'", "img-src 'self' data:"] {
                #expect(policy.contains(directive), "\(policy)")
            }
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.text.contains(#"<meta name="referrer" content="same-origin">"#))
        }
    }
}
