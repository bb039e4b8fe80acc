/// A person in the directory: plain values only, as workers map them from their own records.
/// What is not known is `nil` (an age) or has a value that says so (a region, ``noRegion``), and
/// is shown as unknown, never as a fact.
///
/// ```swift
/// let person = Person(id: "7f3c", name: "Ada Park", nameParts: nil, username: "adap", gender: .female,
///                     email: "ada@example.com", age: 36, country: "KR", cellphone: nil, photo: nil)
/// person.meta.generation   // .youngAdult
/// person.nameParts         // nil: the parts follow the name, family name "Park", given "Ada"
/// ```
public struct Person: Identifiable, Equatable, Hashable, Sendable, Codable {
    /// A person's identifier: the directory's uuid.
    public typealias ID = String

    /// The region of a person whose region is not known: CLDR's "Unknown Region", which sorts
    /// after every other code. Shown as "No region", never as a code.
    public static let noRegion = "ZZ"

    /// The directory's id.
    public let id: ID
    /// Full name, as shown ("First Last"; a card's `FN`).
    public var name: String
    /// The name in parts (a card's `N`), where they are not those ``NameParts/init(splitting:)``
    /// makes of ``name``; `nil` while they are, so that they follow the name when it changes.
    public var nameParts: NameParts?
    /// Nickname (the directory's login username).
    public var username: String
    /// Gender, as reported.
    public var gender: Gender
    /// Email address.
    public var email: String
    /// Age in years; `nil` when not known (a card with no birth year).
    public var age: Int?
    /// Region as an ISO 3166 country code ("US", "KR"); ``noRegion`` when not known.
    public var country: String
    /// Mobile number, if known.
    public var cellphone: String?
    /// Address of a photo, if the directory has one.
    public var photo: String?

    /// Creates a person, every field named: none has a default, so that code that builds a
    /// person field by field is told by the compiler of a field it leaves out.
    ///
    /// ```swift
    /// let person = Person(id: "1", name: "Jane Roe", nameParts: nil, username: "jr", gender: .female,
    ///                     email: "jane@example.com", age: 19, country: "US", cellphone: nil, photo: nil)
    /// ```
    public init(
        id: ID, name: String, nameParts: NameParts?, username: String, gender: Gender, email: String,
        age: Int?, country: String, cellphone: String?, photo: String?
    ) {
        self.id = id
        self.name = name
        self.nameParts = nameParts
        self.username = username
        self.gender = gender
        self.email = email
        self.age = age
        self.country = country
        self.cellphone = cellphone
        self.photo = photo
        if nameParts == NameParts(splitting: name) { self.nameParts = nil }
    }

    /// A person of whom nothing is known but their id: every field empty, or unknown where it
    /// can say so (an age, a region). Where a person added here starts, before the fields typed.
    ///
    /// ```swift
    /// Person.unknown(id: "p9").country   // "ZZ"
    /// ```
    public static func unknown(id: ID) -> Person {
        Person(
            id: id, name: "", nameParts: nil, username: "", gender: .unknown, email: "", age: nil, country: noRegion,
            cellphone: nil, photo: nil)
    }

    /// The name in parts: as given, or as the app makes them of the name.
    ///
    /// ```swift
    /// Person(id: "1", name: "Dr. Jane Roe Jr.", …).parts.family   // "Roe"
    /// ```
    public var parts: NameParts { nameParts ?? NameParts(splitting: name) }

    /// What a list row needs of this person.
    ///
    /// ```swift
    /// let rows = people.map(\.meta)
    /// ```
    public var meta: Meta {
        Meta(id: id, name: name, username: username, gender: gender, age: age, country: country)
    }
}
