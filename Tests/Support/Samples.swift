import Persons

/// Canned people for tests and previews.
public enum Samples {
    /// Four people in three regions.
    public static let people: [Person] = [
        Person(
            id: "p1", name: "Jane Roe", username: "jroe", gender: .female, email: "jane@example.com", age: 19,
            country: "KR", cellphone: "(010)-123-4567", photo: "https://example.com/jane.jpg"),
        Person(
            id: "p2", name: "Mark Lee", username: "mlee", gender: .male, email: "mark@example.com", age: 20,
            country: "JP"),
        Person(
            id: "p3", name: "Tom Park", username: "tpark", gender: .male, email: "tom@example.com", age: 45,
            country: "JP"),
        Person(
            id: "p4", name: "Leo Kim", username: "lkim", gender: .male, email: "leo@example.com", age: 35, country: "US"
        ),
    ]
}
