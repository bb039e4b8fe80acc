import Pure
import Testing

@Suite("Journal")
struct JournalTests {
    /// A use case of this file: the journal should name it `JournalTests`.
    func applyRegion(_ storage: MutableStore<AppModel>, _ isOn: Bool) {
        storage.update { $0.field.isRegion = isOn }
    }

    @Test("entries name the use case that made them, in order, and none for an update that changed nothing")
    func namesAndOrder() {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        applyRegion(storage, false)
        applyRegion(storage, false)
        storage.update { $0.sys.count = 7 }
        let entries = journal.entries
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries.map(\.useCase) == ["JournalTests", "JournalTests"])
        #expect(entries.map(\.origin.function.description) == ["applyRegion(_:_:)", "namesAndOrder()"])
        #expect(entries[0].before.field.isRegion == true)
        #expect(entries[0].after.field.isRegion == false)
        #expect(entries[1].after.sys.count == 7)
        #expect(entries.allSatisfy { $0.duration >= .zero && $0.time > 1_700_000_000 })
    }

    @Test("an update that throws adds no entry")
    func throwingUpdate() {
        struct Refused: Error {}
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        #expect(throws: Refused.self) {
            try storage.update { (state: inout AppModel) throws(Refused) in
                state.sys.count = 1
                throw Refused()
            }
        }
        #expect(journal.entries.isEmpty)
    }

    @Test("an entry counts the selections that changed and the subscribers told")
    func counts() {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        let tokens = [
            storage.store.stored(\.sys.count).subscribe { _ in },
            storage.store.stored(\.sys.count).subscribe { _ in },
            storage.store.stored(\.sys.label).subscribe { _ in },
            storage.store.stored(\.field.isRegion).subscribe { _ in },
        ]
        storage.update {
            $0.sys.count = 1
            $0.sys.label = "one"
        }
        #expect(journal.entries.last?.selectionsChanged == 2)
        #expect(journal.entries.last?.subscribersTold == 3)
        tokens.forEach { $0.cancel() }
    }

    @Test("the ring keeps the newest entries: the oldest leave first")
    func ring() {
        let journal = Journal<AppModel>(capacity: 3)
        let storage = MutableStore(AppModel(), journal: journal)
        for count in 1...5 { storage.update { $0.sys.count = count } }
        #expect(journal.entries.map(\.sequence) == [3, 4, 5])
        #expect(journal.entries.map(\.after.sys.count) == [3, 4, 5])
        #expect(journal.entry(2) == nil)
        #expect(journal.entry(4)?.after.sys.count == 4)
        #expect(journal.entry(6) == nil)
    }

    @Test(
        "restore goes back to an entry's state, tells subscribers, is journalled, and the next update continues from it"
    )
    func restore() {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        let heard = Collected<Int>()
        let token = storage.store.stored(\.sys.count).subscribe { heard.append($0) }
        for count in 1...3 { storage.update { $0.sys.count = count } }
        #expect(storage.restore(1))
        #expect(storage.value.sys.count == 1)
        #expect(heard.all == [0, 1, 2, 3, 1])
        #expect(journal.entries.last?.origin.kind == .restore(to: 1))
        #expect(journal.entries.last?.before.sys.count == 3)
        storage.update { $0.sys.count += 10 }
        #expect(storage.value.sys.count == 11)
        #expect(!storage.restore(99))
        #expect(!MutableStore(AppModel()).restore(1))
        token.cancel()
    }

    @Test("listeners receive new entries as they are recorded, and stop being fed when they stop")
    func updates() async {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        storage.update { $0.sys.count = 1 }
        var iterator = journal.updates().makeAsyncIterator()
        storage.update { $0.sys.count = 2 }
        storage.update { $0.sys.label = "two" }
        #expect(await iterator.next()?.sequence == 2)
        #expect(await iterator.next()?.difference.description == #"sys.label: "" -> "two""#)
    }

    @Test("the export is one JSON object per entry, with the changes and escaped text")
    func jsonLines() throws {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        storage.update { $0.sys.label = "a \"quoted\"\nline\u{1B}" }
        storage.update { $0.sys.count = 1 }
        _ = storage.restore(1)
        let lines = journal.jsonLines().split(separator: "\n")
        try #require(lines.count == 3)
        #expect(
            lines[0].hasPrefix(#"{"sequence":1,"useCase":"JournalTests","function":"jsonLines()","kind":"update","#))
        #expect(
            lines[0].contains(
                #""changes":[{"path":"sys.label","old":"\"\"","new":"\"a \\\"quoted\\\"\\nline\\u{1B}\""}]"#))
        #expect(!lines[0].contains("\u{1B}"))
        #expect(lines[2].contains(#""kind":"restore","restoredTo":1,"#))
    }

    @Test("8 tasks updating at once give a journal whose entries chain and replay to the final state")
    func concurrentReplay() async {
        let journal = Journal<AppModel>(capacity: 10_000)
        let storage = MutableStore(AppModel(), journal: journal)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<1_000 {
                        storage.update {
                            $0.sys.count += 1
                            $0.list[task] = step
                        }
                    }
                }
            }
        }
        let entries = journal.entries
        #expect(entries.count == 8_000)
        #expect(entries.map(\.sequence) == Array(1...8_000))
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.after == $1.before })
        #expect(entries.last?.after == storage.value)
        #expect(entries.map(\.after.sys.count) == Array(1...8_000))
    }
}

@Suite("Journal entry text")
struct JournalEntryTextTests {
    @Test("an entry reads as its summary, then its changes")
    func description() throws {
        let journal = Journal<AppModel>()
        let storage = MutableStore(AppModel(), journal: journal)
        let token = storage.store.stored(\.field.isRegion).subscribe { _ in }
        storage.update { $0.field.isRegion = false }
        storage.update { $0.sys.count = 1 }
        storage.restore(1)
        let entries = journal.entries
        try #require(entries.count == 3)
        #expect(entries[0].summary.hasPrefix("#1 JournalTests, "))
        #expect(entries[0].summary.hasSuffix(" µs, 1 selection changed, 1 subscriber told"))
        #expect(entries[0].description.hasSuffix("\n  field.isRegion: true -> false"))
        #expect(entries[2].summary.hasPrefix("#3 restore to #1 (JournalTests), "))
        #expect(entries[2].summary.hasSuffix(" µs, 0 selections changed, 0 subscribers told"))
        #expect(entries[2].description.hasSuffix("\n  sys.count: 1 -> 0"))
        token.cancel()
    }
}
