import Mustache
import Testing

@testable import PersonsShow

/// Components answer their templates' lookups themselves; these must agree with what
/// reflection finds, or a template would silently render nothing (or the wrong thing: a
/// parameter named like a property once answered for it).
@Suite("Component lookups")
struct LookupTests {
    static var samples: [any MustacheParent] {
        let row = PersonRowView(label: "KID", text: "Ann Lee", href: "/people/1")
        return [
            SwitchesView(isRegion: true, isUsername: false, back: "/"),
            SyncStatusView(progress: 250, failure: "Offline"),
            SearchView(text: "an"),
            row,
            PeopleListView(
                sections: [.init(title: "KR", rows: [row])], summary: "Page 2 of 3 · 250 people", empty: "e",
                message: "m", previous: 0, next: 2),
            PeopleListView.Section(title: "KR", rows: [row]),
            AvatarView(photo: "https://example.com/a.jpg", name: "Ann Lee"),
            PersonDetailView(name: "Ann Lee", photo: nil, rows: [("Email", "a@example.com")]),
            PersonDetailView.Row(key: "Email", value: "a@example.com"),
            MoveView(action: "/people/1/move", text: "LEGWING", isFailure: false),
            PageView(title: "People", screen: "home", live: "/"),
            MessagePage(title: "Not found", message: "Gone"),
        ]
    }

    /// `value` without its optional wrapping: the value inside, or nil.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    @Test("every stored property is answered, with the value reflection finds")
    func lookupsMatchReflection() {
        for sample in Self.samples {
            for child in Mirror(reflecting: sample).children {
                guard let label = child.label else { continue }
                let expected = Self.unwrapped(child.value).map { "\($0)" } ?? "nil"
                let answered = sample.child(named: label).map { "\($0)" } ?? "nil"
                #expect(answered == expected, "\(type(of: sample)).\(label)")
            }
            #expect(sample.child(named: "noSuchName") == nil)
        }
    }
}
