import Foundation
import Persons
import Testing

@Suite("The domain model")
struct ModelTests {
    @Test(
        "generation labels follow the article's age bands",
        arguments: [
            (0, "Child"), (12, "Child"), (13, "Teen"), (19, "Teen"), (20, "Young adult"), (39, "Young adult"),
            (40, "Middle-aged"), (59, "Middle-aged"), (60, "Senior"), (70, "Senior"), (120, "Senior"), (-3, "Child"),
        ])
    func generation(age: Int, label: String) {
        #expect(Generation(age: age).label == label)
    }

    @Test("gender reads any casing and never fails")
    func gender() {
        #expect(Gender(reported: "female") == .female)
        #expect(Gender(reported: "MALE") == .male)
        #expect(Gender(reported: "other") == .unknown)
        #expect(Gender(reported: nil) == .unknown)
    }

    @Test("a person's meta carries what a row needs")
    func meta() {
        let person = Person.sample(
            id: "1", name: "Ada Park", nameParts: nil, username: "adap", gender: .female, email: "a@example.com",
            age: 36, country: "KR", cellphone: nil, photo: nil)
        #expect(
            person.meta
                == Person.Meta(id: "1", name: "Ada Park", username: "adap", gender: .female, age: 36, country: "KR"))
        #expect(person.meta.generation == .youngAdult)
    }

    @Test("every error a user can see has its own message")
    func fizzleMessages() {
        let all: [Fizzle] = [
            .unknown, .noInternet, .downloadFailed, .unreadableDownload, .unreadable, .saveFailed, .walkFail, .notFly,
            .syncUnderWay, .rejected(status: 404), .serverMessage("busy"), .notFound("42"),
            .storageUnavailable("/x", because: .readOnly),
            .invalidURL("ftp://x"),
        ]
        #expect(Set(all.map(\.message)).count == all.count)
        #expect(Fizzle.walkFail.message == "Cannot walk.")
        #expect(Fizzle.notFound("42").message == "There is no person with the id 42.")
        #expect(Fizzle.rejected(status: 404).message == "Our server refused the request (HTTP 404).")
        #expect(Fizzle.notFound("1") != Fizzle.notFound("2"))
        #expect(Fizzle.unreadable.localizedDescription == "Cannot read the item.")
    }

    @Test(
        "a position's text form reads back as itself; anything else is refused",
        arguments: ["start", "after:Ada Park,id-1", "before:KR,Ada%2C Jr,x%25y", "from:M", "after:", "after:12"])
    func positionText(text: String) {
        #expect(ListPosition(text)?.description == text)
        #expect(ListPosition("") == .start)
    }

    @Test(
        "a position from outside that is not one is refused",
        arguments: [
            "page:2", "from:", "after", "from:\u{1B}[2J", String(repeating: "a", count: 1_001),
            "after:1,2,3,4,5,6,7,8,9",
        ])
    func badPositions(text: String) {
        #expect(ListPosition(text) == nil)
    }

    @Test("a filter's value from outside is kept as stored, or refused")
    func filterValues() {
        #expect(ListFilter.region.checked(" kr ") == "KR")
        #expect(ListFilter.region.checked("Korea") == nil && ListFilter.region.checked("k1") == nil)
        #expect(ListFilter.region.checked("é") == nil)
        #expect(ListFilter.gender.checked("Female") == "female" && ListFilter.gender.checked("f") == nil)
        #expect(ListFilter.allCases.map(\.label) == ["Region", "Gender"])
    }

    @Test("each filter says what it expects: its choices, or what may be typed", arguments: ListFilter.allCases)
    func filterSaysWhatItExpects(filter: ListFilter) {
        if let choices = filter.choices {
            #expect(filter.expected == "one of " + choices.joined(separator: ", "))
        } else {
            #expect(!filter.expected.isEmpty && !filter.expected.hasPrefix("one of"))
        }
        #expect(ListFilter.region.expected.contains("KR") && !ListFilter.gender.expected.contains("KR"))
    }

    @Test(
        "a filter offers its declared choices, or the values people have, in order, and the chosen one even when nobody has it"
    )
    func offered() {
        let region = ListFilter.region.offered(["US": 2, "KR": 3], chosen: "JP")
        #expect(region.map(\.value) == ["JP", "KR", "US"] && region.map(\.count) == [0, 3, 2])
        #expect(ListFilter.region.offered([:], chosen: nil).isEmpty)
        let gender = ListFilter.gender.offered(["male": 4], chosen: nil)
        #expect(gender.map(\.value) == Gender.allCases.map(\.rawValue))
        #expect(gender.first { $0.value == "male" }?.count == 4 && gender.first { $0.value == "female" }?.count == 0)
    }

    @Test(
        "a sync plan read back from a file is one a sync could have written, or none",
        arguments: [
            (6_000, 5_000, 1, "s", true), (6_000, 6_000, 0, "s", true), (1, 1, 1, "s", true),
            (6_000, 0, 1, "s", false), (6_000, -5, 1, "s", false), (6_000, 6_001, 0, "s", false),
            (6_000, 5_000, 3, "s", false), (6_000, 5_000, -1, "s", false), (0, 1, 0, "s", false),
            (-1, 1, 0, "s", false), (1_000_001, 5_000, 0, "s", false), (Int.max, Int.max, Int.max, "s", false),
            (Int.min, 1, 0, "s", false), (6_000, 5_000, 1, "", false),
            // The seed too is one a sync could have written: base-36 digits of a 64-bit number.
            (6_000, 5_000, 1, SyncPlan.newSeed(), true), (6_000, 5_000, 1, "3w5e11264sgsf", true),
            (6_000, 5_000, 1, "3w5e11264sgsg", false),
            (6_000, 5_000, 1, String(repeating: "a", count: 1_000_000), false),
            (6_000, 5_000, 1, "a&page=9", false), (6_000, 5_000, 1, "A1", false), (6_000, 5_000, 1, "-1", false),
            (6_000, 5_000, 1, "+1", false),
            (6_000, 5_000, 1, "a\u{0}", false), (6_000, 5_000, 1, "１", false),
        ])
    func storedSyncPlan(count: Int, pageSize: Int, pagesStored: Int, seed: String, isKept: Bool) {
        let plan = SyncPlan(stored: "bundled", count: count, seed: seed, pageSize: pageSize, pagesStored: pagesStored)
        #expect((plan != nil) == isKept)
        let kept = plan.map { [$0.count, $0.pageSize, $0.pagesStored] } ?? [count, pageSize, pagesStored]
        #expect(kept == [count, pageSize, pagesStored], "a plan is kept as it was, never brought into range")
    }

    @Test("switches can be read and set by name")
    func switchesByName() {
        var switches = Switches()
        switches[.isRegion] = false
        #expect(switches == Switches(isUsername: true, isRegion: false))
        #expect(switches[.isUsername])
    }
}
