extension Person {
    /// What a row of the people list shows: enough to label, group and open a person.
    ///
    /// ```swift
    /// let meta = Person.Meta(id: "1", name: "Jane Roe", username: "jr", age: 19, country: "US")
    /// meta.generation.label   // "TEEN"
    /// ```
    public struct Meta: Identifiable, Equatable, Hashable, Sendable {
        /// The person's id.
        public let id: Person.ID
        /// Full name.
        public var name: String
        /// Nickname.
        public var username: String
        /// Age in years.
        public var age: Int
        /// Region (country code).
        public var country: String

        /// Creates a list row.
        ///
        /// ```swift
        /// Person.Meta(id: "1", name: "Jane Roe", username: "jr", age: 19, country: "US")
        /// ```
        public init(id: Person.ID, name: String, username: String, age: Int, country: String) {
            self.id = id
            self.name = name
            self.username = username
            self.age = age
            self.country = country
        }

        /// The generation this person's age falls in.
        ///
        /// ```swift
        /// meta.generation.label   // "YOUTH"
        /// ```
        public var generation: Generation { Generation(age: age) }
    }
}
