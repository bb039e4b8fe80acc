import Persons
import Testing

/// The list as every screen shows it: one home for its rows, sections, summary and empty text.
@Suite("The listing")
struct ListingTests {
    let metas = [
        Person.Meta(id: "a", name: "Ann Lee", username: "ann", gender: .female, age: 15, country: "KR"),
        Person.Meta(id: "b", name: "Bo Kim", username: "bo", gender: .male, age: 40, country: "KR"),
        Person.Meta(id: "c", name: "Cy Roe", username: "cy", gender: .unknown, age: 70, country: "US"),
    ]

    func listing(_ list: ListState, _ field: Switches = Switches()) -> Listing {
        Listing(list, field)
    }

    @Test(
        "rows in region sections while the region switch is on; names always, usernames beside them while the username switch is on"
    )
    func sections() {
        let grouped = listing(ListState(result: MetaPage(metas: metas, total: 3)))
        #expect(grouped.sections.map(\.region) == ["KR", "US"])
        #expect(grouped.sections.map { $0.rows.map(\.name) } == [["Ann Lee", "Bo Kim"], ["Cy Roe"]])
        #expect(grouped.sections.map { $0.rows.map(\.username) } == [["ann", "bo"], ["cy"]])
        #expect(grouped.sections[0].rows[0].label == "Teen")
        let plain = listing(
            ListState(result: MetaPage(metas: metas, total: 3)), Switches(isUsername: false, isRegion: false))
        #expect(plain.sections.map(\.region) == [nil])
        #expect(plain.sections[0].rows.map(\.name) == ["Ann Lee", "Bo Kim", "Cy Roe"])
        #expect(plain.sections[0].rows.map(\.username) == [nil, nil, nil])
    }

    @Test("rows are grouped as they were read: a flipped region switch regroups them when new rows come")
    func groupedAsRead() {
        let read = { (isRegion: Bool) in
            ListState(result: MetaPage(metas: metas, total: 3), listed: PageRequest(isRegion: isRegion))
        }
        let off = Switches(isRegion: false)
        #expect(listing(read(true), off).sections.map(\.region) == ["KR", "US"], "read grouped, not yet regrouped")
        #expect(listing(read(false), off).sections.map(\.region) == [nil])
        #expect(listing(read(false), Switches()).sections.map(\.region) == [nil], "read plain, still plain")
    }

    @Test("the summary says how many match; the positions of the pages around it are the page's")
    func summary() {
        let (before, after) = (ListPosition.before(ListKey(["a"])), ListPosition.after(ListKey(["b"])))
        let middle = listing(ListState(result: MetaPage(metas: metas, total: 250, previous: before, next: after)))
        #expect(middle.summary == "250 people")
        #expect(middle.previous == before && middle.next == after)
        let capped = listing(ListState(result: MetaPage(metas: metas, total: 10_000, isTotalCapped: true)))
        #expect(capped.summary == "10000+ people" && capped.previous == nil && capped.next == nil)
        #expect(listing(ListState(result: MetaPage(metas: [metas[0]], total: 1))).summary == "1 person")
        #expect(middle.jumps.map(\.label).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(middle.jumps[12].position == .from("M"))
        #expect(
            listing(ListState(criteria: ListCriteria(search: "a"))).jumps.isEmpty, "a search lists in stored order")
    }

    @Test(
        "a list jumps into the first field its sort leaves free: the letters of a region or a name, the generations of an age"
    )
    func jumpsFollowTheSort() {
        let read = { (order: ListOrder, filters: [ListFilter: String], isRegion: Bool) in
            let criteria = ListCriteria(filters: filters, order: order)
            return Listing(
                ListState(criteria: criteria, listed: PageRequest(criteria: criteria, isRegion: isRegion)), Switches()
            )
            .jumps.map(\.label).joined(separator: " ")
        }
        let letters = "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z"
        #expect(read(.age, [:], false) == "Child Teen Young adult Middle-aged Senior")
        #expect(read(.age, [:], true) == letters, "the region comes first")
        #expect(read(.age, [.region: "KR"], true) == "Child Teen Young adult Middle-aged Senior", "the region is one")
        #expect(read(.name, [.region: "KR"], true) == letters)
        let teen = Listing(
            ListState(criteria: ListCriteria(order: .age), listed: PageRequest(order: .age, isRegion: false)),
            Switches())
        #expect(teen.jumps[1].position == .from("13"))
    }

    @Test("an empty page says why: past the end, no match, or nothing stored")
    func empty() {
        #expect(listing(ListState(result: MetaPage(metas: metas, total: 3))).empty == nil)
        #expect(
            listing(ListState(criteria: ListCriteria(position: .from("Z")), result: MetaPage(metas: [], total: 3)))
                .empty
                == .pastTheEnd)
        #expect(listing(ListState(criteria: ListCriteria(search: "zz"))).empty == .noMatch)
        #expect(listing(ListState(criteria: ListCriteria(filters: [.region: "FI"]))).empty == .noMatch)
        #expect(listing(ListState()).empty == .nothingStored)
        #expect(Listing.Empty.nothingStored.text == "No people yet.")
    }
}

@Suite("A person's details")
struct PersonDetailsTests {
    let person = Person.sample(
        id: "p1", name: "Jane Roe", nameParts: nil, username: "jroe", gender: .female, email: "jane@example.com",
        age: 19, country: "KR", cellphone: nil, photo: nil)

    @Test("the region only while the region switch is on, and a dash for a missing phone or any empty value")
    func details() {
        // Every field but the name's parts and the gender (the avatar shows it), in their order;
        // the region only while its switch is on.
        let shown = PersonField.allCases.filter { !$0.isNamePart && $0 != .gender }.map(\.label)
        #expect(shown.starts(with: ["Name", "Nick", "Email", "Age", "Region", "Phone"]))
        #expect(person.details(Switches()).map(\.label) == shown)
        #expect(person.details(Switches(isRegion: false)).map(\.label) == shown.filter { $0 != "Region" })
        #expect(person.details(Switches()).first { $0.label == "Phone" }?.value == Person.none)
        var blank = person
        blank.username = ""
        blank.email = ""
        blank.cellphone = ""
        let values = Dictionary(uniqueKeysWithValues: blank.details(Switches()).map { ($0.label, $0.value) })
        #expect([values["Name"], values["Age"], values["Region"]] == ["Jane Roe", "19", "KR"])
        #expect(values.filter { !["Name", "Age", "Region"].contains($0.key) }.values.allSatisfy { $0 == "–" })
    }
}
