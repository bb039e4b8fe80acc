import NIOCore
import Testing

@testable import PersonsWeb

/// A page's queue of fragments: bounded by its parts, newest first-come.
@Suite("Live output")
struct LiveOutputTests {
    @Test("a page that does not read holds one fragment per part, the newest of each")
    func coalesces() async {
        let output = LiveOutput()
        for round in 0..<1_000 {
            for part in ["switches", "list", "sync"] {
                output.yield(LiveEvent(fragment: Fragment(id: part, html: "\(part) \(round)"), number: round))
            }
        }
        #expect(output.waiting == 3)
        let received = await output.next()?.map(\.fragment.html)
        #expect(received == ["switches 999", "list 999", "sync 999"])
        #expect(output.waiting == 0)
    }

    @Test("a part encodes to the same bytes every time, so an unchanged part is never sent again")
    func stableEncoding() {
        let events = (0..<50).map { _ in Fragment(id: "search", html: "<form></form>").event }
        #expect(Set(events).count == 1)
        #expect(events.first?.hasSuffix(#"{"html":"<form><\/form>","id":"search"}"# + "\n\n") == true)
    }

    @Test("a reader waiting for a fragment gets it at once, and nil after the end")
    func waits() async {
        let output = LiveOutput()
        async let first = output.next()
        try? await Task.sleep(for: .milliseconds(20))
        output.yield(LiveEvent(fragment: Fragment(id: "list", html: "rows"), number: 1))
        #expect(await first?.map(\.fragment.html) == ["rows"])
        let done = Fragment(id: "sync", html: "done")
        output.yield(LiveEvent(fragment: done, number: 2))
        output.finish()
        #expect(await output.next()?.map { String(buffer: $0.bytes) } == ["id: 2\n" + done.event])
        #expect(await output.next() == nil)
        output.yield(LiveEvent(fragment: Fragment(id: "list", html: "late"), number: 3))
        #expect(await output.next() == nil)
    }
}
