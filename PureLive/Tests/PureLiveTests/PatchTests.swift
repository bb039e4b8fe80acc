import Hummingbird
import NIOConcurrencyHelpers
import Pure
import Testing

@testable import PureLive

/// A page moves to another address of itself over the socket it has, over a real server and a
/// real connection: the new address's screen opens once, the old one is let go with its hub,
/// and the page hears where it is before any part of it.
@Suite("A page that moves over its socket", .timeLimit(.minutes(1)))
struct PatchTests {
    /// A page of one part, the address it was opened for.
    struct AddressPage: LivePage {
        let at = LivePart(id: "at", reads: \String.self, render: { $0 }) { "<i id=\"at\">\($0)</i>" }
        func page(_ state: String) -> String { "<body data-live=\"/\">\(at.component(state))</body>" }
    }

    /// A client's final frame of `text` (under 126 bytes), a text unless `opcode` says otherwise,
    /// masked as a client's frames are.
    static func textFrame(_ text: String, opcode: UInt8 = 0x1) -> [UInt8] {
        let (payload, mask): ([UInt8], [UInt8]) = (Array(text.utf8), [7, 1, 9, 3])
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    /// The part showing the address `/?query`, as its JSON has it.
    static func part(_ query: String) -> String { #"<i id=\"at\">\/?"# + query + #"<\/i>"# }

    @Test(
        "a page sent another address of itself moves there on its socket: told where first, then every part; the old address closes; anything else is dropped or loaded"
    )
    func moves() async throws {
        let opened = NIOLockedValueBox<[String]>([])
        let live = LiveEngine()
        let router = Router()
        live.page("/", on: router) { request in
            let address = request.address
            opened.withLockedValue { $0.append(address) }
            if address.contains("fail") { throw HTTPError(.badRequest) }
            return LiveParts(store: MutableStore(address).store, page: AddressPage())
        }
        try await withServer(live, router: router) { port in
            let page = try await HeldConnection.open(port: port, sending: RawConnection.upgrade("/?a", port: port))
            #expect(try await page.wait { $0.received.contains(Self.part("a")) })

            try await page.send(Self.textFrame("/?b"))
            #expect(try await page.wait { $0.received.contains(Self.part("b")) })
            let moved = try #require(page.received.range(of: #"{"at":"/?b"}"#))
            #expect(
                page.received[moved.upperBound...].contains(Self.part("b")), "the parts come after where the page is")
            #expect(try await page.wait { _ in live.openAddresses == 1 && live.openPages == 1 })
            #expect(opened.withLockedValue { $0 } == ["/?a", "/?b"])

            for other in ["/elsewhere", "/?b#x", "/?b c", "http://evil/?b"] {
                try await page.send(Self.textFrame(other))
            }
            try await page.send(Self.textFrame("/?c", opcode: 0x2))
            try await page.send(Self.textFrame("/?fail"))
            #expect(try await page.wait { $0.received.contains(#"{"load":"/?fail"}"#) })
            #expect(opened.withLockedValue { $0 } == ["/?a", "/?b", "/?fail"], "nothing else was opened")
            #expect(live.openAddresses == 1 && !page.isClosed, "the page stays where it was")
            await page.close()
            #expect(try await page.wait { _ in live.openAddresses == 0 && live.openPages == 0 })
        }
    }
}
