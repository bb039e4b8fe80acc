/// An order a person chooses for a people list, declared once: the fields it sorts by, most
/// significant first. It is part of the list's criteria and its address (`order=age`), the
/// search form offers each case, `pure list --order` takes each, and the database's indexes,
/// its keyset paging and the tests' reference are made from ``ListSort``, which puts the region
/// first while the region switch is on and the id last. A new order is a new case here.
///
/// ```swift
/// ListOrder(rawValue: "name")   // .name, as an address or `pure list --order` names it
/// ListOrder.age.fields          // [.age, .name]
/// ```
public enum ListOrder: String, CaseIterable, Codable, Sendable {
    /// By name.
    case name
    /// By age, youngest first, then by name.
    case age

    /// The fields it sorts by, most significant first, before the id.
    public var fields: [ListField] {
        switch self {
        case .name: [.name]
        case .age: [.age, .name]
        }
    }

    /// What a person reads in the search form's choice of orders.
    public var label: String {
        switch self {
        case .name: "Name"
        case .age: "Age (youngest first), then name"
        }
    }
}
