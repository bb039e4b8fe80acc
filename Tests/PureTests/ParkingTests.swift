import Testing

@testable import Pure

@Suite("Selections nobody watches")
struct ParkingTests {
    @Test("a key-path selection watched again starts from the current state, not from when it was parked")
    func unparkedSelectionCatchesUp() {
        let storage = MutableStore(AppModel())
        storage.store.stored(\.sys.count).subscribe { _ in }.cancel()
        #expect(storage.store.parkedSelectionCount == 1)
        storage.update { $0.sys.count = 9 }
        let seen = Collected<Int>()
        let token = storage.store.stored(\.sys.count).subscribe { seen.append($0) }
        storage.update { $0.sys.count = 10 }
        #expect(seen.all == [9, 10])
        #expect(storage.store.parkedSelectionCount == 0)
        #expect(storage.store.selectionCount == 1)
        token.cancel()
    }

    @Test("a parked selection is not compared on updates")
    func parkedSelectionIsNotCompared() {
        let storage = MutableStore(AppModel())
        storage.store.stored(\.sys.count).subscribe { _ in }.cancel()
        #expect(storage.store.selectionCount == 0)
        #expect(storage.update { $0.sys.count += 1 })
    }

    @Test("closure selections are removed, not parked, so what they capture is released")
    func closureSelectionsAreRemoved() {
        let storage = MutableStore(AppModel())
        weak var released: Marker?
        do {
            let marker = Marker()
            released = marker
            storage.store.stored { state in
                _ = marker
                return state.sys.count
            }.subscribe { _ in }.cancel()
        }
        #expect(released == nil)
        #expect(storage.store.parkedSelectionCount == 0)
    }

    @Test("at most 64 selections stay parked, the oldest leave first")
    func parkingIsBounded() {
        let storage = MutableStore(AppModel())
        for index in 0..<70 {
            storage.store.stored(\.list[index]).subscribe { _ in }.cancel()
        }
        #expect(storage.store.parkedSelectionCount == 64)
        storage.update { $0.list[0] = 5 }
        let seen = Collected<Int>()
        let token = storage.store.stored(\.list[0]).subscribe { seen.append($0) }
        #expect(seen.all == [5])
        token.cancel()
    }
}
