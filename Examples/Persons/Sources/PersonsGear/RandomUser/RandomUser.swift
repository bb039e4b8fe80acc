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
        public let first: String?
        /// Last name.
        public let last: String?

        enum CodingKeys: CodingKey { case first, last }

        /// Reads each part leniently.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            first = fields.lenient(String.self, .first)
            last = fields.lenient(String.self, .last)
        }
    }

    /// Login details; only the id and the username are read.
    public struct Login: Decodable, Equatable, Sendable {
        /// The person's id.
        public let uuid: String?
        /// The login name.
        public let username: String?

        enum CodingKeys: CodingKey { case uuid, username }

        /// Reads each field leniently.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            uuid = fields.lenient(String.self, .uuid)
            username = fields.lenient(String.self, .username)
        }
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
        public let large: String?

        enum CodingKeys: CodingKey { case large }

        /// Reads the address leniently.
        public init(from decoder: any Decoder) throws {
            large = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .large)
        }
    }

    /// "female" or "male".
    public let gender: String?
    /// The name in parts.
    public let name: Name?
    /// Email address.
    public let email: String?
    /// Login details, with the id.
    public let login: Login?
    /// Date of birth and age.
    public let dob: Birth?
    /// Landline number.
    public let phone: String?
    /// Mobile number.
    public let cell: String?
    /// Photo addresses.
    public let picture: Picture?
    /// Nationality as a country code.
    public let nat: String?

    enum CodingKeys: CodingKey { case gender, name, email, login, dob, phone, cell, picture, nat }

    /// Reads each field leniently; fails only when the record is not an object.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        gender = fields.lenient(String.self, .gender)
        name = fields.lenient(Name.self, .name)
        email = fields.lenient(String.self, .email)
        login = fields.lenient(Login.self, .login)
        dob = fields.lenient(Birth.self, .dob)
        phone = fields.lenient(String.self, .phone)
        cell = fields.lenient(String.self, .cell)
        picture = fields.lenient(Picture.self, .picture)
        nat = fields.lenient(String.self, .nat)
    }
}
