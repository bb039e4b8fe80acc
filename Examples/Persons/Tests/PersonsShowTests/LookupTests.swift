import Mustache
import Testing

@testable import PersonsShow

/// Every value a template reads answers through its table of fields; the table must agree with
/// what reflection finds, or a template would silently render nothing for a field left out.
@Suite("Component lookups")
struct LookupTests {
    /// A sample of every component: the pages hold the rest, and the nested values (a list's
    /// sections and rows, the journal's changes) are reached through them.
    static var samples: [any ShowComponent] {
        let row = PersonRowView(label: "Child", name: "Ann Lee", href: "/people/1")
        let switches = SwitchesView(switches: [.init(name: "isRegion", label: "Region", isOn: true)], back: "/")
        let journal = JournalView(
            rows: [
                .init(
                    store: "app", sequence: 3, summary: "ApplyRegionAction", time: "12:00", changes: [("a", "1", "2")],
                    omitted: 1)
            ],
            kept: 10, shown: 1)
        return [
            HomePage(
                live: "/?q=an", switches: switches, sync: SyncStatusView(progress: 250, failure: "Offline"),
                addressBook: AddressBookView(
                    isSyncing: false, outcome: "Sent 1 change; received 0.", failure: "x",
                    linked: .init(name: "Family", address: "http://127.0.0.1:5232/ada/family/", line: "Saves go."),
                    lastExchange: .init(at: 1_764_327_303, succeeded: false, outcome: "The server failed."),
                    offered: [.init(address: "http://127.0.0.1:5232/ada/family/", label: "Family, 2 cards")],
                    waiting: "1 change waits",
                    held: [.init(name: "Ann Lee", link: "/people/1", detail: nil)],
                    setAside: [.init(name: "Bo Kim", link: "/people/2", detail: "Too large")],
                    duplicates: [.init(name: "Cy Ro", link: nil, detail: "/b/1.vcf /b/2.vcf")],
                    choices: [.init(name: "Di Ma", link: "/people/3", detail: "Email, Phone")]),
                search: SearchView(text: "an"),
                options: SearchOptionsView(
                    filters: [
                        .init(
                            name: "gender", label: "Gender", value: "male",
                            choices: [("female", "female (1)"), ("male", "male (2)")]),
                        .init(name: "region", label: "Region", value: "KR", choices: [("KR", "KR (3)")]),
                    ],
                    orders: [.init(value: "", label: "Name", isSelected: true)]),
                summary: ListSummaryView(summary: "250 people", empty: "e", message: "m"),
                list: PeopleListView(
                    sections: [.init(title: "KR", rows: [row])], previous: "/?at=before%3Aa", next: "/?at=after%3Ab",
                    jumps: [.init(label: "A", href: "/?at=from%3AA")])
            ),
            DetailPage(
                title: "Ann Lee", live: "/people/1", switches: switches,
                person: PersonDetailView(
                    name: "Ann Lee", photo: "/photos/a.jpg", rows: [("Email", "a@example.com")],
                    conflicts: [
                        ConflictView(
                            action: "/people/1/conflict", field: "email", label: "Email", here: "a@example.com",
                            there: "")
                    ],
                    edit: "/people/1/edit", notice: "Ann Lee has been deleted."),
                move: MoveView(action: "/people/1/move", text: "LEGWING", isFailure: false)),
            InspectorPage(live: "/inspector", useCases: ["ApplyRegionAction"], chosen: nil, journal: journal),
            MessagePage(title: "Not found", message: "Gone"),
            ConfirmPage(
                title: "Delete Ann Lee?", lines: ["Kept 30 days."], action: "/people/1/delete",
                button: "Delete Ann Lee",
                back: "/people/1"),
            DirectoryPage(sync: SyncStatusView(progress: nil, failure: "Offline", note: "Skipped 1 record.")),
            DeletedPage(
                rows: [.init(name: "Ann Lee", when: "2026-11-27", by: "here", restore: "/people/1/restore")], days: 30),
            ChoicesPage(rows: [.init(name: "Di Ma", link: "/people/3", detail: "Email, Phone")]),
            PersonFormPage(
                title: "Edit Ann Lee", back: "/people/1", summary: "Nothing was saved",
                form: PersonFormView(
                    action: "/people/1/edit", button: "Save",
                    fields: [
                        .init(name: "name", label: "Name", value: "Ann", kind: "text", limit: 100, problem: "Too long"),
                        .init(
                            name: "gender", label: "Gender", value: "female", kind: "text", limit: 7,
                            choices: ["female"]),
                    ]),
                delete: "/people/1/delete"),
            AvatarView(photo: nil, name: "Ann Lee"),
            PageView(title: "People", live: "/"),
        ]
    }

    /// `value` without its optional wrapping: the value inside, or nil.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    /// `value` and every value with fields inside it (in its fields, arrays and optionals).
    static func everything(in value: Any) -> [any ShowFields] {
        let inside = Mirror(reflecting: value).children.flatMap { everything(in: $0.value) }
        return (value as? any ShowFields).map { [$0] + inside } ?? inside
    }

    @Test("every stored property of every value a template reads is in its table, with the value reflection finds")
    func tablesMatchReflection() {
        for value in Self.samples.flatMap({ Self.everything(in: $0) }) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                let expected = Self.unwrapped(child.value).map { "\($0)" } ?? "nil"
                let answered = value.child(named: label).map { "\($0)" } ?? "nil"
                #expect(answered == expected, "\(type(of: value)).\(label)")
            }
            #expect(value.child(named: "noSuchName") == nil)
        }
    }

    @Test("the samples hold every component the templates are registered for")
    func everyComponentSampled() {
        let sampled = Set(Self.samples.flatMap { Self.everything(in: $0) }.map { "\(type(of: $0))" })
        for component in Shows.components {
            #expect(sampled.contains("\(component)"), "no sample of \(component): add one to LookupTests.samples")
        }
    }
}
