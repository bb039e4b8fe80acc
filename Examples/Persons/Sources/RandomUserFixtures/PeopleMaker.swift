import Foundation
import Persons

/// People made directly as `Person` values, deterministic for a seed: for benchmarks (a
/// million through JSON would take minutes) and tests that store people without an API.
/// `RandomUserGenerator` makes the API's records instead, from the same vocabulary.
///
/// ```swift
/// let people = PeopleMaker().make(1_000, seed: 21)
/// people[0].id   // "id-000000"
/// ```
public struct PeopleMaker: Sendable {
    let firstNames: [String]
    let lastNames: [String]
    let regions: [String]

    /// A maker drawing plausible names and the 21 regions of the directory's API.
    public init() {
        self.init(
            firstNames: Vocabulary.femaleNames + Vocabulary.maleNames, lastNames: Vocabulary.lastNames,
            regions: Vocabulary.countries.map(\.code))
    }

    /// A maker drawing from the given words.
    public init(firstNames: [String], lastNames: [String], regions: [String]) {
        self.firstNames = firstNames
        self.lastNames = lastNames
        self.regions = regions
    }

    /// `count` people with ids `id-000000` on, names and regions drawn with `seed`.
    public func make(_ count: Int, seed: UInt64) -> [Person] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let name =
                "\(firstNames.randomElement(using: &random) ?? "A") \(lastNames.randomElement(using: &random) ?? "B")"
            return Person(
                id: String(format: "id-%06d", index), name: name, username: "user\(index)", gender: .unknown,
                email: "user\(index)@example.com", age: Int.random(in: 1...95, using: &random),
                country: regions.randomElement(using: &random) ?? "ZZ", cellphone: "(555)-000-\(index % 10_000)")
        }
    }
}
