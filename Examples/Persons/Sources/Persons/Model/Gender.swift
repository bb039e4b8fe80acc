/// A person's gender as the directory reports it; anything unexpected is `.unknown`.
///
/// ```swift
/// Gender(reported: "female")   // .female
/// Gender(reported: nil)        // .unknown
/// ```
public enum Gender: String, CaseIterable, Sendable, Codable {
    case unknown, male, female

    /// Reads the directory's text, case-insensitively; never fails.
    ///
    /// ```swift
    /// Gender(reported: "MALE")   // .male
    /// ```
    public init(reported text: String?) {
        self = text.flatMap { Gender(rawValue: $0.lowercased()) } ?? .unknown
    }
}
