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

/// Deterministic people spread over a few regions, with names sharing prefixes.
func people(_ count: Int, seed: UInt64 = 1) -> [Person] {
    var random = SplitMix64(seed: seed)
    let first = ["Ada", "Adam", "Bea", "Ben", "Cy", "Dana", "ada", "Émile", "Zoe", "Zora"]
    let last = ["Park", "Kim", "Lee", "Roe", "Smith"]
    let regions = ["AU", "KR", "US", "ZZ"]
    return (0..<count).map { index in
        let name = "\(first.randomElement(using: &random) ?? "A") \(last.randomElement(using: &random) ?? "B")"
        return Person(
            id: String(format: "id-%06d", index), name: name, username: "user\(index)", gender: .unknown,
            email: "\(index)@example.com", age: Int.random(in: 1...90, using: &random),
            country: regions.randomElement(using: &random) ?? "ZZ")
    }
}
