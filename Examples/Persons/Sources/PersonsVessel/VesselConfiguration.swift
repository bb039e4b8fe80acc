import Foundation
import Persons

/// What the Vessel builds its workers from.
///
/// ```swift
/// var configuration = VesselConfiguration(databasePath: VesselConfiguration.defaultDatabasePath)
/// configuration.apiAddress = "https://randomuser.me/api/"
/// ```
public struct VesselConfiguration: Sendable {
    /// The SQLite file of the people and the switches.
    public var databasePath: String
    /// The randomuser.me-compatible API; `nil` for the sample bundled with the app (offline).
    public var apiAddress: String?
    /// How long one request to the API may take.
    public var timeout: Duration
    /// How many times a download from the API is tried before giving up.
    public var attempts: Int
    /// The address book the people are kept in step with; `nil` for none.
    public var addressBook: AddressBookSettings?

    /// Where an address book is and who reads it.
    public struct AddressBookSettings: Sendable {
        /// The address book collection's address.
        public var address: String
        /// The user, if the server asks for one.
        public var user: String?
        /// The password; never printed.
        public var password: String?
        /// How often the address book is pulled while the app serves.
        public var pullEvery: Duration
        /// How many deletions one pull makes here without asking.
        public var deletions: DeletionGuard

        /// Settings for the address book at `address`.
        public init(
            address: String, user: String? = nil, password: String? = nil, pullEvery: Duration = .seconds(60),
            deletions: DeletionGuard = DeletionGuard()
        ) {
            self.address = address
            self.user = user
            self.password = password
            self.pullEvery = pullEvery
            self.deletions = deletions
        }
    }

    /// Creates a configuration.
    ///
    /// ```swift
    /// VesselConfiguration(databasePath: "/tmp/persons.sqlite", apiAddress: "http://127.0.0.1:8081/")
    /// ```
    public init(
        databasePath: String, apiAddress: String? = nil, timeout: Duration = .seconds(15), attempts: Int = 4,
        addressBook: AddressBookSettings? = nil
    ) {
        self.databasePath = databasePath
        self.apiAddress = apiAddress
        self.timeout = timeout
        self.attempts = attempts
        self.addressBook = addressBook
    }

    /// `persons.sqlite` in the user's data folder (`~/.local/share/Pure` on Linux,
    /// `~/Library/Application Support/Pure` on macOS).
    public static var defaultDatabasePath: String {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return base.appendingPathComponent("Pure").appendingPathComponent("persons.sqlite").path
    }
}
