import Foundation
import Pure

extension Person {
    /// The people recorded calls returned (a person's page read them), each once, in the order
    /// first returned: what a test of those calls must hold in its database for each to read
    /// its person again. A returned value that does not read as a person is not one.
    ///
    /// ```swift
    /// let people = Person.returned(by: excerpt.calls)   // the person `loadPersonAction` showed
    /// ```
    public static func returned(by calls: [JournalCall<JSONValue>]) -> [Person] {
        var people: [Person] = []
        for call in calls {
            guard case .returned(let value?) = call.outcome,
                let person = try? JSONDecoder().decode(Person.self, from: Data(value.description.utf8)),
                !people.contains(person)
            else { continue }
            people.append(person)
        }
        return people
    }
}
