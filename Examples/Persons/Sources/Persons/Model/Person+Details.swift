extension Person {
    /// One labelled line of a person's details.
    public struct Detail: Equatable, Sendable {
        /// What the line is (`Email`).
        public let label: String
        /// Its value, or `–` when the person has none.
        public let value: String
    }

    /// The person as every screen shows them, the web page and `pure show` alike: name, nick,
    /// email, age, the region while the region switch is on, and the phone.
    ///
    /// ```swift
    /// person.details(Switches()).map(\.label)   // Name, Nick, Email, Age, Region, Phone
    /// ```
    public func details(_ switches: Switches) -> [Detail] {
        let rows = [
            ("Name", name), ("Nick", username), ("Email", email), ("Age", String(age)),
            switches.isRegion ? ("Region", country) : nil, ("Phone", cellphone ?? ""),
        ]
        return rows.compactMap { $0.map { Detail(label: $0.0, value: $0.1.isEmpty ? Self.none : $0.1) } }
    }

    /// What a missing value shows as.
    public static let none = "–"
}
