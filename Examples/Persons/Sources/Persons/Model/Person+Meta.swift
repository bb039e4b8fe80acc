extension Person {
    /// What a row of the people list holds: enough to label, group and open a person, and the
    /// fields the list is filtered and ordered by, so that a list recorded in a journal says
    /// which people a test of it must hold.
    ///
    /// ```swift
    /// let meta = Person.Meta(id: "1", name: "Jane Roe", username: "jr", gender: .female, age: 19, country: "US")
    /// meta.generation?.label   // "Teen"
    /// ```
    public struct Meta: Identifiable, Equatable, Hashable, Sendable, Codable {
        /// The person's id.
        public let id: Person.ID
        /// Full name.
        public var name: String
        /// Nickname.
        public var username: String
        /// Gender, as reported.
        public var gender: Gender
        /// Age in years; `nil` when not known.
        public var age: Int?
        /// Region (country code; ``Person/noRegion`` when not known).
        public var country: String

        /// Creates a list row.
        ///
        /// ```swift
        /// Person.Meta(id: "1", name: "Jane Roe", username: "jr", gender: .female, age: 19, country: "US")
        /// ```
        public init(id: Person.ID, name: String, username: String, gender: Gender, age: Int?, country: String) {
            (self.id, self.name, self.username) = (id, name, username)
            (self.gender, self.age, self.country) = (gender, age, country)
        }

        /// The generation this person's age falls in; `nil` when the age is not known.
        ///
        /// ```swift
        /// meta.generation?.label   // "Young adult"
        /// ```
        public var generation: Generation? { age.map(Generation.init(age:)) }
    }
}
