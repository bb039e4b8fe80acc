import Foundation
import Persons
import RandomUserFixtures

/// A database file in a fresh temporary folder, removed when the test is done.
struct TemporaryDatabase: ~Copyable {
    let folder: URL
    var path: String { folder.appendingPathComponent("persons.sqlite").path }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pure-tests-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Deterministic people spread over a few regions, with names sharing prefixes (and one
/// lower-cased, one accented) for the search and paging tests.
func people(_ count: Int, seed: UInt64 = 1) -> [Person] {
    PeopleMaker(
        firstNames: ["Ada", "Adam", "Bea", "Ben", "Cy", "Dana", "ada", "Émile", "Zoe", "Zora"],
        lastNames: ["Park", "Kim", "Lee", "Roe", "Smith"], regions: ["AU", "KR", "US", "ZZ"]
    ).make(count, seed: seed)
}
