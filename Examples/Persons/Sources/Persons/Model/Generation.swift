/// The generation a list row shows for an age, in the words people use of themselves, and
/// where a list by age jumps to.
///
/// ```swift
/// Generation(age: 15).label   // "Teen"
/// Generation(age: 72).label   // "Senior"
/// ```
public enum Generation: String, CaseIterable, Sendable {
    case child = "Child"
    case teen = "Teen"
    case youngAdult = "Young adult"
    case middleAged = "Middle-aged"
    case senior = "Senior"

    /// The generation of `age`: 0-12 a child, 13-19 a teen, 20-39 a young adult, 40-59
    /// middle-aged, 60 and over a senior. A negative age, which only bad data can give, counts
    /// as a child.
    ///
    /// ```swift
    /// Generation(age: 40)   // .middleAged
    /// ```
    public init(age: Int) {
        self = Self.allCases.last { $0.youngest <= age } ?? .child
    }

    /// The youngest age of this generation: where a list by age jumps to it.
    ///
    /// ```swift
    /// Generation.teen.youngest   // 13
    /// ```
    public var youngest: Int {
        switch self {
        case .child: 0
        case .teen: 13
        case .youngAdult: 20
        case .middleAged: 40
        case .senior: 60
        }
    }

    /// The label shown to users.
    ///
    /// ```swift
    /// Generation.middleAged.label   // "Middle-aged"
    /// ```
    public var label: String { rawValue }
}
