import Foundation
import Pure
import PureReplay
import Synchronization
import Testing

/// An app state with scenes of one kind: tabs, by their address, each holding its rows.
struct Desk: Equatable, Sendable, Codable {
    var count = 0
    var tabs = Scenes<String, [Int]>()
}

@Suite("Scenes")
struct ScenesTests {
    @Test("a scene opens with its first hold, counts its holders, and closes with its last release")
    func holdsAndReleases() {
        var tabs = Scenes<String, [Int]>()
        let opened = [tabs.hold("/a", opening: [1]), tabs.hold("/a", opening: [9])]
        #expect(opened == [true, false], "a second hold shares the scene open")
        #expect(tabs["/a"] == [1])
        tabs.update("/a") { $0.append(2) }
        #expect(tabs.open["/a"]?.holders == 2)
        let closed = [tabs.release("/a"), tabs.release("/a"), tabs.release("/a")]
        #expect(closed == [false, true, false], "the last holder closes it; a key not open releases nothing")
        #expect(tabs["/a"] == nil)
        tabs.update("/a") { $0.append(3) }
        #expect(tabs.keys.isEmpty, "a closed scene is not changed back open")
    }

    @Test("in JSON a scene is its key and its state, not who holds it; read back, nobody does")
    func codable() throws {
        var desk = Desk()
        desk.tabs.hold("/a", opening: [1, 2])
        desk.tabs.hold("/a", opening: [])
        let json = try JSONValue(encoding: desk)
        #expect(json.description == #"{"count":0,"tabs":[{"key":"/a","scene":[1,2]}]}"#)
        let read = try JSONDecoder().decode(Desk.self, from: Data(json.description.utf8))
        #expect(read.tabs["/a"] == [1, 2])
        #expect(read.tabs.open["/a"]?.holders == 0)
    }

    @Test("a scene's changes read as paths that name it by its key")
    func differencePaths() {
        var before = Desk()
        before.tabs.hold("/a", opening: [1])
        var after = before
        after.tabs.update("/a") { $0[0] = 5 }
        after.tabs.hold("/b", opening: [])
        #expect(
            StateDifference(from: before, to: after).changes.map(\.description) == [
                #"tabs["/a"].scene[0]: 1 -> 5"#, #"tabs["/b"]: (absent) -> Open(scene: [], holders: 1)"#,
            ])
    }

    @Test("a hold lets go once, when it goes; a screen reads the app state with its scene until then")
    func holdAndRead() {
        let storage = MutableStore(Desk())
        storage.update { $0.tabs.hold("/a", opening: [7]) }
        let released = Mutex(0)
        let read = SceneState.read(\Desk.tabs, "/a")
        do {
            let hold = SceneHold("/a") { key in
                released.withLock { $0 += 1 }
                storage.update { $0.tabs.release(key) }
            }
            #expect(read(storage.value)?.scene == [7])
            #expect(read(storage.value)?.app.count == 0)
            withExtendedLifetime(hold) {}
        }
        #expect(released.withLock { $0 } == 1)
        #expect(read(storage.value) == nil)
    }

    @Test("a restore can keep the scenes open now and take the rest of the entry's state")
    func restoreKeepsScenes() throws {
        let storage = MutableStore(Desk(), journal: Journal())
        storage.update { $0.count = 1 }
        storage.update { $0.count = 2 }
        storage.update { $0.tabs.hold("/a", opening: [1]) }
        let restored = storage.restore(1) { now, then in now.count = then.count }
        #expect(restored)
        #expect(storage.value.count == 1)
        #expect(storage.value.tabs["/a"] == [1])
        #expect(storage.restore(1))
        #expect(storage.value.tabs.keys.isEmpty, "by default the whole entry's state")
    }

    @Test("a recorded call keeps the state it left, in the journal and in its JSON line")
    func callKeepsItsEnd() async throws {
        let journal = Journal<Desk>()
        let storage = MutableStore(Desk(), journal: journal)
        let open: @Sendable (String) async -> Void = storage.recording(as: "open") { key in
            storage.update { $0.tabs.hold(key, opening: [3]) }
        }
        await open("/a")
        let call = try #require(journal.calls.first)
        #expect(call.before.tabs.keys.isEmpty)
        #expect(call.after?.tabs["/a"] == [3])
        let file = try JournalFile(jsonLines: journal.jsonLines())
        #expect(file.calls.first?.after?["tabs"]?.description == #"[{"key":"/a","scene":[3]}]"#)
    }
}
