import Pure
import Testing

@Suite("State difference")
struct DifferenceTests {
    struct Row: Equatable {
        var name: String
        var age: Int
    }

    enum Phase: Equatable {
        case idle
        case loading(progress: Double)
        case failed(String)
    }

    struct Screen: Equatable {
        struct Field: Equatable { var isRegion = true }
        var field = Field()
        var rows: [Row] = (0..<10).map { Row(name: "p\($0)", age: $0) }
        var selected: String? = nil
        var phase = Phase.idle
        var counts: [String: Int] = ["KR": 1]
    }

    func changes(_ change: (inout Screen) -> Void) -> [String] {
        var after = Screen()
        change(&after)
        return StateDifference(from: Screen(), to: after).changes.map(\.description)
    }

    @Test("equal values have no difference")
    func equal() {
        #expect(StateDifference(from: Screen(), to: Screen()).isEmpty)
    }

    @Test("nested struct fields are named by their path")
    func nested() {
        #expect(changes { $0.field.isRegion = false } == ["field.isRegion: true -> false"])
    }

    @Test("optionals: set, cleared, and changed inside")
    func optionals() {
        #expect(changes { $0.selected = "42" } == [#"selected: nil -> "42""#])
        var before = Screen()
        before.selected = "1"
        var after = before
        after.selected = nil
        #expect(StateDifference(from: before, to: after).changes.map(\.description) == [#"selected: "1" -> nil"#])
    }

    @Test("enums: another case is a whole change; the same case compares its payload")
    func enums() {
        #expect(changes { $0.phase = .failed("down") } == [#"phase: idle -> failed("down")"#])
        let loading = StateDifference(from: Phase.loading(progress: 0.25), to: Phase.loading(progress: 0.5))
        #expect(loading.changes.map(\.description) == ["(loading).progress: 0.25 -> 0.5"])
    }

    @Test("arrays: changed, inserted and removed rows, and the count when it changes")
    func rows() {
        #expect(changes { $0.rows[3].age = 30 } == ["rows[3].age: 3 -> 30"])
        #expect(
            changes { $0.rows.insert(Row(name: "new", age: 1), at: 2) } == [
                "rows: 10 items -> 11 items", #"rows[2]: (absent) -> Row(name: "new", age: 1)"#,
            ])
        #expect(
            changes { $0.rows.removeLast(2) } == [
                "rows: 10 items -> 8 items", #"rows[8]: Row(name: "p8", age: 8) -> (absent)"#,
                #"rows[9]: Row(name: "p9", age: 9) -> (absent)"#,
            ])
    }

    @Test("long edits of a collection are counted, not listed")
    func longEdits() {
        #expect(
            changes { $0.rows = Array($0.rows.prefix(3)) + Array($0.rows.suffix(1)) } == ["rows: 10 items -> 4 items"])
        #expect(
            changes { rows in for index in 0..<10 { rows.rows[index].age += 100 } } == [
                "rows[0..<10]: 10 items -> 10 others"
            ])
    }

    @Test("dictionaries: entries matched by key")
    func dictionaries() {
        #expect(changes { $0.counts["KR"] = 2 } == [#"counts["KR"]: 1 -> 2"#])
        #expect(changes { $0.counts["US"] = 5 } == [#"counts["US"]: (absent) -> 5"#])
    }

    @Test("text is one line, escaped and cut short")
    func text() {
        let difference = StateDifference(from: "a", to: "line\nbreak\u{1B}[2J" + String(repeating: "x", count: 200))
        let new = difference.changes.first?.new ?? ""
        #expect(!new.contains("\n") && !new.contains("\u{1B}"))
        #expect(new.count == 80 && new.hasSuffix("…"))
    }

    @Test("past the limit, changes are counted")
    func limit() {
        let before = [Int](repeating: 0, count: 200)
        var after = before
        for index in stride(from: 0, to: 200, by: 2) { after[index] = 1 }
        let difference = StateDifference(from: [before], to: [after])
        #expect(difference.changes.count == 1)
        #expect(difference.description == "[0][0..<199]: 199 items -> 199 others")
    }
}
