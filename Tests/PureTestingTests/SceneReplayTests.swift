import Foundation
import Pure
import PureReplay
import PureTesting
import Testing

/// An app state with tabs, each a scene listing the numbers its address asks for.
struct Shelf: Equatable, Sendable, Codable {
    var opened = 0
    var tabs = Scenes<String, [Int]>()
}

/// A container whose `open` holds a tab and lists it; `list` is how a tab's numbers are found.
final class Shop: Sendable {
    let storage: MutableStore<Shelf>
    let list: @Sendable (String) -> [Int]
    var appState: Store<Shelf> { storage.store }

    init(_ state: Shelf = Shelf(), journal: Journal<Shelf>? = nil, list: @escaping @Sendable (String) -> [Int]) {
        storage = MutableStore(state, journal: journal)
        self.list = list
    }

    var open: @Sendable (String) -> Void {
        storage.recording { [storage, list] key in
            storage.update {
                $0.opened += 1
                $0.tabs.hold(key, opening: [])
            }
            storage.update { $0.tabs.update(key) { $0 = list(key) } }
        }
    }

    static let useCases: [RecordedUseCase<Shop>] = [RecordedUseCase("open") { $0.open }]
    static let scenes: [RecordedScenes<Shelf>] = [RecordedScenes("tabs", \.tabs)]
    /// The numbers of a tab: as many as its address has characters.
    static let counting: @Sendable (String) -> [Int] = { Array(0..<$0.count) }

    /// A session: two tabs opened.
    static func session() throws -> JournalFile.Excerpt {
        let journal = Journal<Shelf>()
        let shop = Shop(journal: journal, list: counting)
        shop.open("/a")
        shop.open("/abc")
        return try JournalFile(jsonLines: journal.jsonLines()).excerpt()
    }
}

@Suite("Replaying and exporting scenes")
struct SceneReplayTests {
    @Test("each scene a step opened is checked whole: as recorded it passes, listed otherwise it fails by name")
    func scenesChecked() async throws {
        let excerpt = try Shop.session()
        let same = Shop(list: Shop.counting)
        await replay(excerpt, on: same, appState: same.appState, useCases: Shop.useCases, scenes: Shop.scenes)
        let other = Shop { Array(0..<$0.count).reversed() }
        await withKnownIssue {
            await replay(excerpt, on: other, appState: other.appState, useCases: Shop.useCases, scenes: Shop.scenes)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue == "1. open(\"/a\"): the scenes differ from the recorded ones:\n"
                    + #"tabs["/a"][0]: recorded 0, now 1"# + "\n" + #"tabs["/a"][1]: recorded 1, now 0"#
                    || $0.rawValue.hasPrefix(#"2. open("/abc"): the scenes differ from the recorded ones:"#)
                        && $0.rawValue.contains(#"tabs["/abc"][0]: recorded 0, now 3"#)
            }
        }
    }

    @Test("the app state's own changes are checked apart from the scenes'")
    func appChangesApart() async throws {
        let excerpt = try Shop.session()
        let call = excerpt.calls[0]
        #expect(excerpt.changes(of: call, apartFrom: Shop.scenes).map { $0.map(\.description) } == [["opened: 0 -> 1"]])
        #expect(excerpt.scenes(after: call, Shop.scenes)?.description == #"{"tabs":[{"key":"/a","scene":[0,1]}]}"#)
    }

    @Test("an exported test checks the scenes each step opened, from the state the call left")
    func exported() async throws {
        let export = TestExport(imports: ["Shops"], container: "shop", useCases: Shop.useCases, scenes: Shop.scenes) {
            _, _ in ["let shop = Shop()"]
        }
        let journal = Journal<Shelf>()
        let shop = Shop(journal: journal, list: Shop.counting)
        shop.open("/a")
        let test = try export.test(of: JournalFile(jsonLines: journal.jsonLines()), calls: 1...1)
        #expect(test.source.contains("\nimport PureReplay\n") && test.data.isEmpty)
        #expect(
            test.source.contains(
                #"let changes = StateChanges(shop.appState, scenes: [RecordedScenes("tabs", \.tabs)])"#))
        let step = #"""
                await changes.expect(step: "1. open(\"/a\")", scenes: ["tabs": [["key": "/a", "scene": [0, 1]]]]) {
                    $0.opened = 1
                }
            """#
        #expect(test.source.contains(step))
        // The step as written, run: it passes on the same app, and names the scene on another.
        let same = Shop(list: Shop.counting)
        let changes = StateChanges(same.appState, scenes: Shop.scenes)
        same.open("/a")
        await changes.expect(step: #"1. open("/a")"#, scenes: ["tabs": [["key": "/a", "scene": [0, 1]]]]) {
            $0.opened = 1
        }
        let other = Shop { _ in [7] }
        let otherChanges = StateChanges(other.appState, scenes: Shop.scenes)
        other.open("/a")
        await withKnownIssue {
            await otherChanges.expect(step: #"1. open("/a")"#, scenes: ["tabs": [["key": "/a", "scene": [0, 1]]]]) {
                $0.opened = 1
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(#"1. open("/a"): the scenes differ from the recorded ones:"#)
            }
        }
    }
}
