import Foundation
import Testing

@testable import PureLive

/// A part sent as an edit of the one before: applied as a page's script applies it (code units
/// of UTF-16), it makes the new HTML exactly, whatever characters the two hold.
@Suite("Splice")
struct SpliceTests {
    /// `old` edited by `splice`, as the page's script does it: `head` and `tail` UTF-16 code
    /// units kept, the middle between; `nil` if `old` has fewer.
    static func applied(_ splice: Splice, to old: String) -> String? {
        applied(head: splice.head, tail: splice.tail, middle: splice.middle, to: old)
    }

    static func applied(head: Int, tail: Int, middle: String, to old: String) -> String? {
        let units = Array(old.utf16)
        guard head >= 0, tail >= 0, head + tail <= units.count else { return nil }
        return String(decoding: units[..<head], as: UTF16.self) + middle
            + String(decoding: units[(units.count - tail)...], as: UTF16.self)
    }

    @Test("the documented example")
    func example() throws {
        let splice = try #require(Splice(from: "<p>Ada</p>", to: "<p>Ada Lovelace</p>", keeping: 8))
        #expect(splice.head == 6 && splice.tail == 4 && splice.middle == " Lovelace", "\(splice)")
        #expect(Self.applied(splice, to: "<p>Ada</p>") == "<p>Ada Lovelace</p>")
    }

    @Test("an edit that keeps less than asked is none: the part goes whole")
    func tooLittleKept() {
        #expect(Splice(from: "<p>Ada</p>", to: "<b>Bo</b>", keeping: 4) == nil)
        #expect(Splice(from: "<p>Ada</p>", to: "<p>Bo</p>", keeping: 8) == nil)
        #expect(Splice(from: "<p>Ada</p>", to: "<p>Bo</p>", keeping: 7) != nil)
    }

    @Test("edits between accented, Korean and four-byte characters cut between whole characters and make the new HTML")
    func characters() throws {
        // Characters of one, two, three and four UTF-8 bytes, and of one and two UTF-16 units,
        // some sharing their first bytes (é and è; 한 and 항; 🦊 and 🦋), so an edit can start
        // in the middle of one.
        let alphabet: [Character] = ["a", "<", "é", "è", "한", "항", "🦊", "🦋", "e\u{301}"]
        var random = Generator(seed: 44)
        for _ in 0..<2_000 {
            let old = String(
                (0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            var new = Array(old)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...new.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: new.insert(alphabet.randomElement(using: &random)!, at: at)
                case 1 where at < new.count: new.remove(at: at)
                default: if at < new.count { new[at] = alphabet.randomElement(using: &random)! }
                }
            }
            let edited = String(new)
            let splice = try #require(Splice(from: old, to: edited, keeping: 0))
            // Bytes, not strings: `==` would take "é" and "e\u{301}" for the same.
            #expect(
                Self.applied(splice, to: old).map { Array($0.utf8) } == Array(edited.utf8),
                "\(old) to \(edited): \(splice)")
            #expect(splice.middle.utf8.count <= edited.utf8.count)
        }
    }

    /// A seeded generator: the same edits every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }
}
