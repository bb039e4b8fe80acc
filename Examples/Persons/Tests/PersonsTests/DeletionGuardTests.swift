import Persons
import Testing

@Suite("When a pull that deletes people here asks first")
struct DeletionGuardTests {
    @Test(
        "everyone linked, more than 25 people, or more than half of them (two or more) asks; fewer goes through",
        arguments: [
            (0, 100, false), (1, 1, true), (1, 2, false), (2, 2, true), (2, 3, true), (2, 4, false), (3, 100, false),
            (25, 100, false), (26, 100, true), (50, 100, true), (100, 100, true), (5, 4, true),
        ])
    func defaults(_ deleted: Int, _ linked: Int, _ asks: Bool) {
        #expect(DeletionGuard().asks(deleting: deleted, of: linked) == asks)
    }

    @Test("the limits are the user's: options give others")
    func options() {
        let strict = DeletionGuard(mostPeople: 2, mostPercent: 10)
        #expect(strict.asks(deleting: 3, of: 1_000) && !strict.asks(deleting: 1, of: 1_000))
        #expect(strict.asks(deleting: 2, of: 10) && !strict.asks(deleting: 2, of: 1_000))
        let loose = DeletionGuard(mostPeople: 1_000, mostPercent: 100)
        #expect(!loose.asks(deleting: 99, of: 100) && loose.asks(deleting: 100, of: 100), "everyone still asks")
    }
}
