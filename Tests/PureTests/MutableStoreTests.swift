import Pure
import Testing

@Suite("MutableStore updates")
struct MutableStoreTests {
    @Test("update changes the value and reports the change")
    func updateReportsChange() {
        let storage = MutableStore(AppModel())
        let changed = storage.update { $0.sys.count = 3 }
        #expect(changed)
        #expect(storage.value.sys.count == 3)
        #expect(storage.store.value.sys.count == 3)
    }

    @Test("an update that leaves the state equal reports no change and emits nothing")
    func unchangedUpdateIsSilent() {
        let storage = MutableStore(AppModel())
        let seen = Collected<AppModel>()
        let token = storage.store.stored { $0 }.subscribe { seen.append($0) }
        let changed = storage.update { $0.sys.count = 0 }
        let touchedAndRestored = storage.update {
            $0.field.isRegion = false
            $0.field.isRegion = true
        }
        #expect(!changed)
        #expect(!touchedAndRestored)
        #expect(seen.all == [AppModel()])
        token.cancel()
    }

    @Test("several changes in one update are emitted once, together")
    func oneEmissionPerUpdate() {
        let storage = MutableStore(AppModel())
        let seen = Collected<AppModel>()
        let token = storage.store.stored { $0 }.subscribe { seen.append($0) }
        storage.update {
            $0.sys.count = 1
            $0.sys.label = "one"
            $0.field.isRegion = false
        }
        #expect(seen.all.count == 2)
        #expect(seen.all.last == AppModel(sys: .init(count: 1, label: "one"), field: .init(isRegion: false)))
        token.cancel()
    }

    struct Refused: Error {}

    @Test("a throwing update leaves the state as it was and emits nothing")
    func throwingUpdateRollsBack() {
        let storage = MutableStore(AppModel())
        let seen = Collected<Int>()
        let token = storage.store.stored(\.sys.count).subscribe { seen.append($0) }
        #expect(throws: Refused.self) {
            try storage.update { state throws(Refused) in
                state.sys.count = 99
                throw Refused()
            }
        }
        #expect(storage.value == AppModel())
        #expect(seen.all == [0])
        token.cancel()
    }
}
