/// A user record as the randomuser.me API sends it, with the fields the app reads: every field
/// optional, everything else ignored (and never decoded). Workers map it to their own model.
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
    }

    /// Login details; only the id and the username are read.
    public struct Login: Decodable, Equatable, Sendable {
        /// The person's id.
        public let uuid: String?
        /// The login name.
        public let username: String?
    }

    /// Date of birth (ISO 8601) and age in years.
    public struct Birth: Decodable, Equatable, Sendable {
        /// "1988-03-12T10:20:30.000Z".
        public let date: String?
        /// Age in years.
        public let age: Int?
    }

    /// The large photo's address.
    public struct Picture: Decodable, Equatable, Sendable {
        /// Large photo address.
        public let large: String?
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
}
