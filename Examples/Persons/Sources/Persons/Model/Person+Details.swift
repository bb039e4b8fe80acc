extension Person {
    /// One labelled line of a person's details.
    public struct Detail: Equatable, Sendable {
        /// What the line is (`Email`).
        public let label: String
        /// Its value, or `–` when the person has none.
        public let value: String
    }

    /// The person as every screen shows them, the web page and `pure show` alike: each field in
    /// ``PersonField`` order, as labelled on the form, but the gender (which the reference app's
    /// page leaves out), the name's parts (the name says them), and the region only while the
    /// region switch is on. What is not known shows as such: "–", and "No region". A field added
    /// shows here by itself.
    ///
    /// ```swift
    /// person.details(Switches()).map(\.label)   // Name, Nick, Email, Age, Region, Phone
    /// ```
    public func details(_ switches: Switches) -> [Detail] {
        PersonField.allCases.filter { $0 != .gender && !$0.isNamePart && ($0 != .country || switches.isRegion) }
            .map { field in
                let text = field.text(of: self)
                let none = field == .country ? Listing.noRegionLabel : Self.none
                return Detail(label: field.label, value: text.isEmpty ? none : text)
            }
    }

    /// What a missing value shows as.
    public static let none = "–"
}
