import Persons
import RandomUserFixtures

/// Plausible people made directly (a million through JSON would take minutes).
public enum PeopleMaker {
    static let first = [
        "Ada", "Adam", "Alba", "Amir", "Ana", "Bea", "Ben", "Carla", "Chen", "Dana", "David", "Elif", "Emma", "Finn",
        "Gia", "Hana", "Hugo", "Ines", "Ivan", "Jade", "Jin", "Kai", "Lea", "Leo", "Lina", "Luca", "Maja", "Mateo",
        "Mia", "Nico", "Noah", "Nora", "Omar", "Paula", "Rosa", "Sam", "Sara", "Tara", "Theo", "Vera", "Yui", "Zoe",
    ]
    static let last = [
        "Andersen", "Baker", "Becker", "Brown", "Costa", "Dubois", "Fischer", "Garcia", "Hansen", "Ivanova", "Jensen",
        "Kaya", "Kim", "Kowalski", "Lee", "Martin", "Meyer", "Moreau", "Nguyen", "Park", "Patel", "Rossi", "Santos",
        "Schmidt", "Silva", "Smith", "Suzuki", "Taylor", "Wagner", "Wilson", "Yamamoto", "Yilmaz",
    ]
    static let regions = [
        "AU", "BR", "CA", "CH", "DE", "DK", "ES", "FI", "FR", "GB", "IE", "IN", "KR", "MX", "NL", "NO", "NZ", "RS",
        "TR",
        "UA", "US",
    ]

    /// `count` people with plausible names, spread over 21 regions.
    public static func make(_ count: Int, using random: inout SplitMix64) -> [Person] {
        (0..<count).map { index in
            let name = "\(first.randomElement(using: &random) ?? "A") \(last.randomElement(using: &random) ?? "B")"
            return Person(
                id: "person-\(index)", name: name, username: "user\(index)", gender: .unknown,
                email: "user\(index)@example.com", age: Int.random(in: 1...95, using: &random),
                country: regions.randomElement(using: &random) ?? "ZZ", cellphone: "(555)-000-\(index % 10_000)")
        }
    }
}
