import Persons
import PersonsTestSupport
import Pure
import PureLive
import Synchronization
import Testing

@testable import PersonsShow
@testable import PersonsWeb

/// A live part replaces the element with its id: it must be a registered component whose root
/// element carries that id, and the whole page must hold that element, or the part would be
/// dropped (or render empty) and the page stay stale.
@Suite("Live parts")
struct LivePartsTests {
    /// The id of the first element of `html`, if it has one.
    func rootID(_ html: String) -> String? {
        guard let tag = html.range(of: "<"), let end = html[tag.upperBound...].range(of: ">") else { return nil }
        let element = html[tag.upperBound..<end.lowerBound]
        guard let id = element.range(of: #"id=""#) else { return nil }
        return String(element[id.upperBound...].prefix { $0 != "\"" })
    }

    func check(_ fragments: [Fragment], page: String, screen: String) {
        let registered = Set(Shows.components.map { $0.templateName })
        #expect(!fragments.isEmpty, "\(screen)")
        for fragment in fragments {
            #expect(registered.contains(fragment.id), "\(screen): \(fragment.id) is not a registered component")
            #expect(rootID(fragment.html) == fragment.id, "\(screen): the root of \(fragment.id) has another id")
            #expect(page.contains(#"id="\#(fragment.id)""#), "\(screen): the page has no element \(fragment.id)")
        }
    }

    @Test("the home page's, a person's page's and the inspector's live parts each match an element of the page")
    func partsMatchTheirPages() async throws {
        let raft = try await Raft()
        let list = await raft.openListAction(ListCriteria())
        let home = LiveParts(store: raft.appState, scene: list, of: \.lists, page: HomeParts())
        check(home.allFragments(), page: home.page(), screen: "home")

        let detail = DetailViewModel(raft.vessel, id: "p1")
        let person = try await detail.open()
        let live = detail.liveParts(person)
        check(live.allFragments(), page: live.page(), screen: "detail")

        let storage = MutableStore(Roger(), journal: Journal())
        storage.update { $0.field.isRegion = false }
        let inspector = InspectorViewModel(
            inspector: Inspector(journal: try #require(storage.journal), restore: { _ in false }), useCase: nil)
        check(inspector.allFragments(), page: inspector.page(), screen: "inspector")
    }

    @Test("a list rendered again renders only the rows it did not show last, and is the list its template renders")
    func shownRows() {
        let rendered = Mutex<[String]>([])
        let rows = ShownRows { row in
            rendered.withLock { $0.append(row.name) }
            return Shows.render(row)
        }
        func person(_ number: Int, opened: Bool = false) -> PersonRowView {
            PersonRowView(
                label: "Adult", name: "Person \(number) <Né>", username: number.isMultiple(of: 3) ? nil : "u\(number)",
                href: SitePath.person("id-\(number)"), isLastOpened: opened)
        }
        func html(_ sections: [[PersonRowView]], titled: Bool = false) -> (shown: String, template: String) {
            let list = PeopleListView(
                sections: sections.enumerated().map { .init(title: titled ? "R\($0.offset)" : nil, rows: $0.element) },
                previous: nil, next: "/?at=after%3AZ")
            return (rows.html(of: list), Shows.render(list))
        }
        func renders(_ step: () -> (shown: String, template: String)) -> [String] {
            rendered.withLock { $0 = [] }
            let (shown, template) = step()
            #expect(shown == template)
            return rendered.withLock { $0 }
        }
        let hundred = (0..<100).map { person($0) }
        #expect(renders { html([hundred]) }.count == 100)
        #expect(renders { html([hundred]) } == [], "the same list renders nothing again")
        #expect(renders { html([[person(500)] + hundred.dropLast()]) } == [person(500).name], "one gained, one gone")
        #expect(renders { html([[person(500)] + hundred.dropLast()]) } == [])
        let opened = [person(500)] + [person(0, opened: true)] + hundred.dropFirst().dropLast()
        #expect(renders { html([opened]) } == [person(0).name], "a row that shows something else")
        #expect(renders { html([Array(opened[..<50]), Array(opened[50...])], titled: true) } == [], "regrouped")
        #expect(renders { html([hundred]) } == [person(0).name, person(99).name], "only those not shown last")
        #expect(renders { html([]) } == [])
        #expect(renders { html([hundred]) }.count == 100, "an empty list keeps no rows")
    }

    /// The page's list.
    static let key = ListCriteria()

    /// A change of the page's list.
    static func list(_ change: @escaping @Sendable (inout ListState) -> Void) -> @Sendable (inout Roger) -> Void {
        { $0.lists.update(key, change) }
    }

    /// Steps through the app's state and the page's list, each changing one thing a screen can
    /// show, whatever part shows it: a new part reading any of these is tested with no change here.
    static let steps: [(String, @Sendable (inout Roger) -> Void)] = [
        ("the username switch", { $0.field.isUsername.toggle() }),
        (
            "the region switch and its rows",
            { state in
                state.field.isRegion.toggle()
                let isRegion = state.field.isRegion
                state.lists.update(key) { $0.listed?.isRegion = isRegion }
            }
        ),
        ("a sync under way", { $0.sys.sync = .loading(permille: 300) }),
        ("an exchange with the address book under way", { $0.sys.addressBook = .loading(permille: 100) }),
        ("an exchange with the address book done", { $0.sys.addressBook = .success("Sent 1 change; received 0.") }),
        ("a sync's page", { $0.sys.step = SyncStep(page: 2, pages: 3, stored: 5_000, count: 12_000) }),
        (
            "a failed sync",
            {
                $0.sys.sync = .failure("Offline")
                $0.sys.step = nil
            }
        ),
        (
            "another list's criteria",
            list {
                $0 = ListState(
                    criteria: ListCriteria(search: "zz"), result: $0.result, listed: $0.listed, message: $0.message)
            }
        ),
        ("the person last opened", { $0.route.uis = "p3" }),
        ("a new count", list { $0.result.total += 7 }),
        ("one more person of a region", { $0.sys.counts[.region, default: [:]]["KR", default: 0] += 1 }),
        ("rows read", list { $0.result = MetaPage(metas: Array($0.result.metas.prefix(1)), total: 1) }),
        ("a list that cannot be read", list { $0.message = "Cannot read" }),
    ]

    /// A home page over a state the test changes, starting as a Raft's with its list read.
    static func home() async throws -> (MutableStore<Roger>, LiveParts<Roger, HomeParts.State>) {
        let raft = try await Raft()
        let list = await raft.openListAction(key)
        let storage = MutableStore(raft.appState.value)
        let page = LiveParts(store: storage.store, scene: ListHold(list.key) { _ in }, of: \.lists, page: HomeParts())
        return (storage, page)
    }

    @Test(
        "every part declared in HomeParts is live, each follows some step of the state, and the page changes only through its parts"
    )
    func declaredOnce() async throws {
        let (raft, live) = try await Self.home()
        let ids = live.parts.map(\.id)
        #expect(Set(ids).isSuperset(of: ["switches", "sync", "search", "search-options", "summary", "list"]), "\(ids)")
        #expect(Set(ids).count == ids.count, "two parts replace the same element: \(ids)")
        var followed: Set<String> = []
        for (step, change) in Self.steps {
            let (page, parts) = (live.page(), live.allFragments())
            raft.update(change)
            let changed = zip(parts, live.allFragments()).filter { $0 != $1 }.map { $0.0.id }
            followed.formUnion(changed)
            // A page that changes while no part does would stay stale in every open tab.
            let pageChanged = live.page() != page
            #expect(pageChanged == !changed.isEmpty, "after \(step): page changed \(pageChanged), parts \(changed)")
        }
        // A part no step changes fails by its name: add the step its state needs above.
        #expect(followed == Set(ids), "parts no step of the state changes: \(Set(ids).subtracting(followed))")
    }

    @Test("the list regroups when the rows for a flipped region switch arrive, not before")
    func listFollowsItsRows() async throws {
        let (raft, live) = try await Self.home()
        let list = { live.allFragments().first { $0.id == "list" } }
        let before = list()
        raft.update { $0.field.isRegion = false }
        #expect(list() == before, "regrouped before its rows were read")
        raft.update(Self.list { $0.listed?.isRegion = false })
        #expect(list() != before)
    }

    @Test("a change of the count alone re-renders the summary, not the rows")
    func countAlone() async throws {
        let (storage, live) = try await Self.home()
        let before = live.allFragments()
        storage.update(Self.list { $0.result.total += 1 })
        let changed = zip(before, live.allFragments()).filter { $0 != $1 }.map { $0.0.id }
        #expect(changed == ["summary"])
    }
}
