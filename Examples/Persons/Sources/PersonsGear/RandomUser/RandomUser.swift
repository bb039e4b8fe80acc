/// A user record as the randomuser.me API sends it, with the fields the app reads: every field
/// optional, everything else ignored (and never decoded). A field of an unexpected type reads
/// as missing instead of failing the record (`"phone": 42`), and the older shapes of `dob` (a
/// bare date) and `dob.age` (a string) are understood. Workers map it to their own model.
///
/// ```swift
/// let batch = try RandomUserAccess.decode(data)
/// batch.users.first?.login?.uuid
/// ```
public struct RandomUser: Decodable, Equatable, Sendable {
    /// A name in parts.
    public struct Name: Decodable, Equatable, Sendable {
        /// First name.
        @Lenient public var first: String?
        /// Last name.
        @Lenient public var last: String?
    }

    /// Login details; only the id and the username are read.
    public struct Login: Decodable, Equatable, Sendable {
        /// The person's id.
        @Lenient public var uuid: String?
        /// The login name.
        @Lenient public var username: String?
    }

    /// Date of birth (ISO 8601) and age in years.
    public struct Birth: Decodable, Equatable, Sendable {
        /// "1988-03-12T10:20:30.000Z".
        public let date: String?
        /// Age in years.
        public let age: Int?

        enum CodingKeys: CodingKey { case date, age }

        /// Reads `{"date", "age"}` (the age as a number or a numeric string), or a bare date
        /// string as older versions of the API sent it.
        public init(from decoder: any Decoder) throws {
            if let date = try? decoder.singleValueContainer().decode(String.self) {
                self.date = date
                age = nil
                return
            }
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            date = fields.lenient(String.self, .date)
            age = fields.lenient(Int.self, .age) ?? fields.lenient(String.self, .age).flatMap { Int($0) }
        }
    }

    /// The large photo's address.
    public struct Picture: Decodable, Equatable, Sendable {
        /// Large photo address.
        @Lenient public var large: String?
    }

    /// "female" or "male".
    @Lenient public var gender: String?
    /// The name in parts.
    @Lenient public var name: Name?
    /// Email address.
    @Lenient public var email: String?
    /// Login details, with the id.
    @Lenient public var login: Login?
    /// Date of birth and age.
    @Lenient public var dob: Birth?
    /// Landline number.
    @Lenient public var phone: String?
    /// Mobile number.
    @Lenient public var cell: String?
    /// Photo addresses.
    @Lenient public var picture: Picture?
    /// Nationality as a country code.
    @Lenient public var nat: String?
}
