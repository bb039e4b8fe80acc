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
        switch age {
        case ..<13: self = .kid
        case 13...19: self = .teen
        case 20...39: self = .youth
        case 40...59: self = .middle
        case 60...69: self = .senior
        default: self = .old
        }
    }

    /// The label shown to users.
    ///
    /// ```swift
    /// Generation.senior.label   // "SENIOR"
    /// ```
    public var label: String { rawValue }
}
