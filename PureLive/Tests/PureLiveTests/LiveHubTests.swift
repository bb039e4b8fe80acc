import Dispatch
import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Pure
import Testing

@testable import PureLive

/// The engine with an app of its own, which knows nothing of the Persons app: a counter whose
/// page has two live parts. Pages of one address share a hub; each gets every part when it
/// opens and each change after, from any task; the last page to close stops the watching.
@Suite("Live hub")
struct LiveHubTests {
    struct Counter: Equatable, Sendable {
        var value = 0
        var label = "start"
    }

    struct CounterPage: LivePage {
        let count = LivePart(id: "count", reads: \Counter.value, render: { "<b id=\"count\">\($0)</b>" }) { $0 }
        // Rendered compact by its renderer: the hub sends it as any other part, as the tests below check.
        let label = LivePart(
            id: "label", reads: \Counter.label, compactRender: { Fragment.compact("<i id=\"label\">\($0)</i>") }
        ) { $0 }

        func page(_ state: Counter) -> String {
            "<body data-live=\"/\">\(count.fragment(state).html)\(label.fragment(state).html)</body>"
        }
    }

    /// A page's connection: an upgraded WebSocket's frame encoder, with `output` attached.
    func page(_ output: LiveOutput) async throws -> NIOAsyncTestingChannel {
        let channel = NIOAsyncTestingChannel()
        try await channel.pipeline.addHandler(WebSocketFrameEncoder())
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        output.attach(channel) { SlowReaderGuard(timeout: .seconds(10)) {} }
        await channel.testingEventLoop.run()
        return channel
    }

    /// Every message written to `channel` so far.
    func messages(_ channel: NIOAsyncTestingChannel) async throws -> [String] {
        await channel.testingEventLoop.run()
        var raw: [UInt8] = []
        while let part = try await channel.readOutbound(as: ByteBuffer.self) { raw += part.readableBytesView }
        return try #require(LiveOutputTests.messages(raw))
    }

    @Test("the page and its parts are rendered from one declaration")
    func declaration() {
        let storage = MutableStore(Counter())
        let screen = LiveParts(store: storage.store, page: CounterPage())
        #expect(screen.parts.map(\.id) == ["count", "label"])
        #expect(screen.page() == #"<body data-live="/"><b id="count">0</b><i id="label">start</i></body>"#)
        storage.update { $0.value = 3 }
        #expect(screen.page().contains(#"<b id="count">3</b>"#))
        #expect(screen.fragments(for: 0) == [Fragment(id: "count", html: #"<b id="count">3</b>"#)])
        #expect(screen.fragments(for: 9) == [])
    }

    @Test("a part rendered compact holds the string its renderer returned, which the renderer may keep: one copy")
    func compact() throws {
        let made = Fragment.compact("<li>" + String(repeating: "Grace Hopper ", count: 4) + "</li>")
        #expect(made == "<li>Grace Hopper Grace Hopper Grace Hopper Grace Hopper </li>")
        let kept = NIOLockedValueBox("")
        let part = LivePart(
            id: "row", reads: \Counter.label,
            compactRender: { (html: String) in
                let compact = Fragment.compact(html)
                kept.withLockedValue { $0 = compact }
                return compact
            }
        ) { "<li id=\"row\">\($0)</li>" }
        let fragment = part.fragment(Counter(label: "Ada Lovelace, Grace Hopper"))
        #expect(fragment == Fragment(id: "row", html: "<li id=\"row\">Ada Lovelace, Grace Hopper</li>"))
        let storage = { (html: String) in html.utf8.withContiguousStorageIfAvailable { $0.baseAddress } }
        #expect(try #require(storage(fragment.html)) == storage(kept.withLockedValue { $0 }), "held once, not copied")
        let copied = Fragment(id: "row", html: fragment.html)
        #expect(storage(copied.html) != storage(fragment.html), "a part's HTML made compact by the part itself")
    }

    @Test(
        "a part declared once for several addresses renders once for each input they show, its last few at once, from threads at once"
    )
    func sharedPart() {
        let renders = NIOLockedValueBox(0)
        let label = LivePart(
            id: "label", reads: \Counter.label, remembering: 2,
            render: { (text: String) in
                renders.withLockedValue { $0 += 1 }
                return "<i id=\"label\">\(text)</i>"
            }
        ) { $0 }
        let rendered = { @Sendable (text: String) in label.fragment(Counter(label: text)).html }
        for text in ["a", "a", "b", "a", "b"] { #expect(rendered(text) == "<i id=\"label\">\(text)</i>") }
        #expect(renders.withLockedValue { $0 } == 2)
        _ = rendered("c")  // forgets "a", shown longest ago
        _ = rendered("b")
        #expect(renders.withLockedValue { $0 } == 3)
        _ = rendered("a")
        #expect(renders.withLockedValue { $0 } == 4)
        // Shared by the hubs of many addresses, whose watchers render on threads at once: each
        // gets the rendering of its own input (and ThreadSanitizer checks the memo's lock).
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let text = "\((thread + round) % 5)"
                #expect(rendered(text) == "<i id=\"label\">\(text)</i>")
            }
        }
    }

    @Test("pages opened and updates made from many tasks at once: every page ends with the last value")
    func concurrent() async throws {
        let storage = MutableStore(Counter())
        let hubs = LiveHubs(heartbeat: .seconds(60), counts: LiveCounts(), kept: .seconds(5), mostKept: 32)
        let screen = SharedScreen(LiveParts(store: storage.store, page: CounterPage()))
        let outputs = (0..<8).map { _ in LiveOutput() }
        var channels: [NIOAsyncTestingChannel] = []
        for output in outputs { channels.append(try await page(output)) }
        await withTaskGroup(of: Void.self) { group in
            for output in outputs {
                group.addTask { hubs.open("/", output, screen: screen) }
            }
            for _ in 0..<100 {
                group.addTask { storage.update { $0.value += 1 } }
            }
        }
        storage.update { $0.label = "done" }
        #expect(hubs.count == 1)
        for channel in channels {
            // Each part is watched by a task of its own, so the label's last change can reach a page
            // before the count's: the page has ended once both have come.
            var seen: [String] = []
            func ended() -> Bool {
                seen.contains { $0.contains(#"<i id=\"label\">done<\/i>"#) }
                    && seen.last(where: { $0.contains(#""id":"count""#) })?.contains(#"<b id=\"count\">100<\/b>"#)
                        == true
            }
            for _ in 0..<2_000 where !ended() {
                seen += try await messages(channel)
                try await Task.sleep(for: .milliseconds(1))
            }
            let counts = seen.filter { $0.contains(#""id":"count""#) }
            #expect(counts.last?.contains(#"<b id=\"count\">100<\/b>"#) == true, "\(counts.suffix(2))")
        }
        for output in outputs { hubs.close("/", output) }
        #expect(hubs.count == 0)
        // The watcher stops once its last page is gone, and with it the parts' subscriptions.
        for _ in 0..<2_000 where storage.store.subscriptionCount != 0 {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(storage.store.subscriptionCount == 0)
    }

    /// Threads, not tasks: the tasks of one executor are ordered by its queue, which hides from
    /// ThreadSanitizer an access its lock does not guard; threads started at once are not.
    @Test("hubs opened and closed, and updates made, from threads at once: every lock holds under ThreadSanitizer")
    func threads() async throws {
        let storage = MutableStore(Counter())
        let hubs = LiveHubs(heartbeat: .seconds(60), counts: LiveCounts(), kept: .seconds(5), mostKept: 32)
        let screen = SharedScreen(LiveParts(store: storage.store, page: CounterPage()))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<50 {
                let output = LiveOutput()
                let address = "/\((thread + round) % 3)"
                hubs.open(address, output, screen: screen)
                storage.update { $0.value += 1 }
                #expect(output.waiting <= 2, "one part each, the newest")
                hubs.close(address, output)
                #expect(output.isFinished)
            }
        }
        #expect(hubs.count == 0)
        #expect(storage.value.value == 400)
        for _ in 0..<2_000 where storage.store.subscriptionCount != 0 {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(storage.store.subscriptionCount == 0)
    }

    /// A page's parts as its script keeps them: each message applied, an edit only to the part
    /// it edits (a test fails on any other).
    struct ShownParts {
        var parts: [String: (n: Int, html: String)] = [:]
        var edits = 0

        mutating func read(_ messages: [String]) throws {
            for message in messages {
                let fields = try #require(
                    try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any], "\(message)")
                let (id, number, html) = try (
                    #require(fields["id"] as? String), #require(fields["n"] as? Int),
                    #require(fields["html"] as? String)
                )
                guard let splice = fields["splice"] as? [Int] else {
                    parts[id] = (number, html)
                    continue
                }
                let base = try #require(parts[id], "an edit of \(id), which the page does not have")
                #expect(base.n == fields["base"] as? Int, "an edit of another \(id) than the page has")
                let made = try #require(
                    SpliceTests.applied(head: splice[0], tail: splice[1], middle: html, to: base.html))
                parts[id] = (number, made)
                edits += 1
            }
        }
    }

    @Test(
        "a page opened is sent every part whole, then each change of one as an edit of it; one opened since is sent them whole, as the others have them"
    )
    func edits() async throws {
        let long = String(repeating: "long label, ", count: 10)
        let storage = MutableStore(Counter(label: long + "start"))
        let hubs = LiveHubs(heartbeat: .seconds(60), counts: LiveCounts(), kept: .seconds(5), mostKept: 32)
        let screen = SharedScreen(LiveParts(store: storage.store, page: CounterPage()))
        var pages = [ShownParts(), ShownParts()]
        let outputs = [LiveOutput(), LiveOutput()]
        let channels = [try await page(outputs[0]), try await page(outputs[1])]
        func showsLabel(_ label: String, on index: Int) async throws -> Bool {
            for _ in 0..<2_000 {
                try pages[index].read(try await messages(channels[index]))
                if pages[index].parts["label"]?.html == "<i id=\"label\">\(long + label)</i>" { return true }
                try await Task.sleep(for: .milliseconds(1))
            }
            return false
        }
        hubs.open("/", outputs[0], screen: screen)
        #expect(try await showsLabel("start", on: 0))
        storage.update { $0.label = long + "next" }
        #expect(try await showsLabel("next", on: 0))
        #expect(pages[0].edits == 1, "the long label as an edit")
        hubs.open("/", outputs[1], screen: screen)
        storage.update { $0.label = long + "last" }
        for index in pages.indices { #expect(try await showsLabel("last", on: index), "page \(index)") }
        #expect(pages[0].edits == 2)
        #expect(pages[1].parts["count"]?.html == "<b id=\"count\">0</b>", "the short count whole")
        for output in outputs { hubs.close("/", output) }
    }

    @Test("the pages of every address are pinged each heartbeat, by one task that stops with the last page")
    func heartbeat() async throws {
        let storage = MutableStore(Counter())
        let hubs = LiveHubs(heartbeat: .milliseconds(20), counts: LiveCounts(), kept: .seconds(5), mostKept: 32)
        let screen = SharedScreen(LiveParts(store: storage.store, page: CounterPage()))
        let outputs = [LiveOutput(), LiveOutput(), LiveOutput()]
        let channels = [try await page(outputs[0]), try await page(outputs[1]), try await page(outputs[2])]
        let addresses = ["/a", "/b", "/b"]
        for (output, address) in zip(outputs, addresses) { hubs.open(address, output, screen: screen) }
        #expect(hubs.isBeating)
        let ping: [UInt8] = [0x89, 0x00]
        for (index, channel) in channels.enumerated() {
            var raw: [UInt8] = []
            for _ in 0..<2_000 where !raw.contains(ping) {
                await channel.testingEventLoop.run()
                while let part = try await channel.readOutbound(as: ByteBuffer.self) { raw += part.readableBytesView }
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(raw.contains(ping), "page \(index) of \(addresses[index])")
        }
        for (output, address) in zip(outputs, addresses) { hubs.close(address, output) }
        #expect(!hubs.isBeating, "stopped with the last page")
    }

    /// A heartbeat that held the hubs until its next beat kept `pure serve` from exiting for
    /// 15 s after Ctrl-C while the inspector was open.
    @Test("the heartbeat keeps nothing alive once the last page has closed")
    func heartbeatLetsGo() async throws {
        let storage = MutableStore(Counter())
        let screen = SharedScreen(LiveParts(store: storage.store, page: CounterPage()))
        weak var released: LiveHubs?
        do {
            let hubs = LiveHubs(heartbeat: .seconds(60), counts: LiveCounts(), kept: .seconds(5), mostKept: 32)
            released = hubs
            let output = LiveOutput()
            hubs.open("/", output, screen: screen)
            #expect(hubs.isBeating)
            hubs.close("/", output)
        }
        for _ in 0..<2_000 where released != nil {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(released == nil)
    }

    @Test("a socket is this site's only when its Host is allowed and its Origin, if any, is that host")
    func sameSite() {
        func head(_ authority: String, origin: String?) -> HTTPRequest {
            var head = HTTPRequest(method: .get, scheme: nil, authority: authority, path: "/")
            if let origin { head.headerFields[.origin] = origin }
            return head
        }
        let allows: (String) -> Bool = { $0 == "127.0.0.1:8080" }
        #expect(LiveEngine.isSameSite(head("127.0.0.1:8080", origin: "http://127.0.0.1:8080"), allowsHost: allows))
        #expect(LiveEngine.isSameSite(head("127.0.0.1:8080", origin: nil), allowsHost: allows))
        #expect(!LiveEngine.isSameSite(head("127.0.0.1:8080", origin: "http://evil.example"), allowsHost: allows))
        #expect(!LiveEngine.isSameSite(head("127.0.0.1:8080", origin: "null"), allowsHost: allows))
        #expect(!LiveEngine.isSameSite(head("evil.example", origin: "http://evil.example"), allowsHost: allows))
    }
}
