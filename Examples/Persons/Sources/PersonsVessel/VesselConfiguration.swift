import Foundation

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

    /// Creates a configuration.
    ///
    /// ```swift
    /// VesselConfiguration(databasePath: "/tmp/persons.sqlite", apiAddress: "http://127.0.0.1:8081/")
    /// ```
    public init(
        databasePath: String, apiAddress: String? = nil, timeout: Duration = .seconds(15), attempts: Int = 4
    ) {
        self.databasePath = databasePath
        self.apiAddress = apiAddress
        self.timeout = timeout
        self.attempts = attempts
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
