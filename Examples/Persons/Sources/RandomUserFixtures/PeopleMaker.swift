import Foundation
import Persons

/// People made directly as `Person` values, deterministic for a seed: for benchmarks (a
/// million through JSON would take minutes) and tests that store people without an API.
/// `RandomUserGenerator` makes the API's records instead, from the same vocabulary. Every field
/// is filled, with a spread like the directory's (usernames as it makes them, `bluefox123`), so
/// that a filter or a search on any of them has people to find and people to leave out.
///
/// ```swift
/// let people = PeopleMaker().make(1_000, seed: 21)
/// people[0].id   // "id-000000"
/// Set(people.map(\.gender))   // [.female, .male]
/// ```
public struct PeopleMaker: Sendable {
    let firstNames: [String]
    let lastNames: [String]
    let regions: [String]
    /// The gender of a first name the vocabulary knows; any other is drawn.
    let genders: [String: Gender]

    /// A maker drawing plausible names, with their genders, and the 21 regions of the
    /// directory's API.
    public init() {
        self.init(
            firstNames: Vocabulary.femaleNames + Vocabulary.maleNames, lastNames: Vocabulary.lastNames,
            regions: Vocabulary.countries.map(\.code))
    }

    /// A maker drawing from the given words; a first name the vocabulary does not know gets a
    /// gender drawn at random, female or male.
    public init(firstNames: [String], lastNames: [String], regions: [String]) {
        self.firstNames = firstNames
        self.lastNames = lastNames
        self.regions = regions
        genders = Dictionary(
            Vocabulary.femaleNames.map { ($0, Gender.female) } + Vocabulary.maleNames.map { ($0, .male) },
            uniquingKeysWith: { first, _ in first })
    }

    /// `count` people with ids `id-000000` on, names, ages and regions drawn with `seed` (genders
    /// and usernames drawn apart, so that the rest stays what it was for a seed); every 23rd has
    /// no known age, as a card without a birth year.
    public func make(_ count: Int, seed: UInt64) -> [Person] {
        var random = SplitMix64(seed: seed)
        var drawn = SplitMix64(seed: ~seed)
        return (0..<count).map { index in
            let first = firstNames.randomElement(using: &random) ?? "A"
            let name = "\(first) \(lastNames.randomElement(using: &random) ?? "B")"
            let gender = genders[first] ?? (Bool.random(using: &drawn) ? .female : .male)
            // A username as the directory makes them: a word, an animal and a number.
            let username =
                (Vocabulary.usernameWords.randomElement(using: &drawn) ?? "blue")
                + (Vocabulary.usernameAnimals.randomElement(using: &drawn) ?? "bird")
                + String(Int.random(in: 100...999, using: &drawn))
            let age = Int.random(in: 1...95, using: &random)
            var person = Person.unknown(id: String(format: "id-%06d", index))
            person.name = name
            person.username = username
            person.gender = gender
            person.email = "\(username).\(index)@example.com"
            person.age = index % 23 == 22 ? nil : age
            person.country = regions.randomElement(using: &random) ?? Person.noRegion
            person.cellphone = "(555)-000-\(index % 10_000)"
            return person
        }
    }
}
