/// The generation label a list row shows for an age.
///
/// ```swift
/// Generation(age: 15).label   // "TEEN"
/// Generation(age: 72).label   // "OLD"
/// ```
public enum Generation: String, CaseIterable, Sendable {
    case kid = "KID"
    case teen = "TEEN"
    case youth = "YOUTH"
    case middle = "MIDDLE"
    case senior = "SENIOR"
    case old = "OLD"

    /// The generation of `age`: 0-12 kid, 13-19 teen, 20-39 youth, 40-59 middle, 60-69 senior,
    /// 70 and over old. A negative age, which only bad data can give, counts as a kid.
    ///
    /// ```swift
    /// Generation(age: 40)   // .middle
    /// ```
    public init(age: Int) {
        self = Self.allCases.last { $0.youngest <= age } ?? .kid
    }

    /// The youngest age of this generation: where a list by age jumps to it.
    ///
    /// ```swift
    /// Generation.teen.youngest   // 13
    /// ```
    public var youngest: Int {
        switch self {
        case .kid: 0
        case .teen: 13
        case .youth: 20
        case .middle: 40
        case .senior: 60
        case .old: 70
        }
    }

    /// The label shown to users.
    ///
    /// ```swift
    /// Generation.senior.label   // "SENIOR"
    /// ```
    public var label: String { rawValue }
}
