/// A person in the directory: plain values only, as workers map them from their own records.
///
/// ```swift
/// let person = Person(id: "7f3c", name: "Ada Park", username: "adap", gender: .female,
///                     email: "ada@example.com", age: 36, country: "KR")
/// person.meta.generation   // .youngAdult
/// ```
public struct Person: Identifiable, Equatable, Hashable, Sendable, Codable {
    /// A person's identifier: the directory's uuid.
    public typealias ID = String

    /// The directory's id.
    public let id: ID
    /// Full name, "First Last".
    public var name: String
    /// Nickname (the directory's login username).
    public var username: String
    /// Gender, as reported.
    public var gender: Gender
    /// Email address.
    public var email: String
    /// Age in years.
    public var age: Int
    /// Region as an ISO 3166 country code ("US", "KR").
    public var country: String
    /// Mobile number, if known.
    public var cellphone: String?
    /// Address of a photo, if the directory has one.
    public var photo: String?

    /// Creates a person.
    ///
    /// ```swift
    /// let person = Person(id: "1", name: "Jane Roe", username: "jr", gender: .female,
    ///                     email: "jane@example.com", age: 19, country: "US")
    /// ```
    public init(
        id: ID, name: String, username: String, gender: Gender, email: String, age: Int, country: String,
        cellphone: String? = nil, photo: String? = nil
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.gender = gender
        self.email = email
        self.age = age
        self.country = country
        self.cellphone = cellphone
        self.photo = photo
    }

    /// What a list row needs of this person.
    ///
    /// ```swift
    /// let rows = people.map(\.meta)
    /// ```
    public var meta: Meta {
        Meta(id: id, name: name, username: username, gender: gender, age: age, country: country)
    }
}
