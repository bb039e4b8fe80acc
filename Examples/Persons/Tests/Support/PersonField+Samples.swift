import Persons

extension PersonField {
    /// What tests type into the field: two texts it takes, unlike each other and unlike Jane's
    /// (`Samples.people[0]`), and one it refuses. A `switch`, so that a new field does not compile
    /// until it names its own, and no test falls back on a text the field would refuse
    /// (`PersonDraftTests` puts each through the field's own check).
    ///
    /// ```swift
    /// draft[.email] = PersonField.email.samples.valid   // "zed@example.org"
    /// ```
    public var samples: (valid: String, another: String, refused: String) {
        switch self {
        case .name: ("Zed Yu", "Yan Yu", "")
        case .username: ("zed", "yan", "zed yu")
        case .gender: ("male", "unknown", "robot")
        case .email: ("zed@example.org", "yan@example.org", "zed@")
        case .age: ("77", "78", "151")
        case .country: ("NZ", "FI", "NZL")
        case .cellphone: ("111", "222", "call me")
        case .givenName, .middleName, .familyName, .namePrefix, .nameSuffix:
            ("Zed", "Yan", String(repeating: "z", count: limit + 1))
        }
    }
}
