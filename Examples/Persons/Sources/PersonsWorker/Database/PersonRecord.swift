import GRDB
import Persons

/// A row of the `person` table (beside `seq`, the order people were first stored in). Mapped to
/// and from the model here and nowhere else.
struct PersonRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "person"

    /// The column reads by id go through (the table's primary key is `seq`).
    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    var id, name, username, gender, email: String
    var age: Int
    var country: String
    var cellphone, photo: String?

    init(_ person: Person) {
        id = person.id
        name = person.name
        username = person.username
        gender = person.gender.rawValue
        email = person.email
        age = person.age
        country = person.country
        cellphone = person.cellphone
        photo = person.photo
    }

    var person: Person {
        Person(
            id: id, name: name, username: username, gender: Gender(reported: gender), email: email, age: age,
            country: country, cellphone: cellphone, photo: photo)
    }

    /// The person's columns: the id, each field's (a ``Persons/PersonField``'s raw value is its
    /// column), the photo. Every statement that writes a person names its columns from here, so a
    /// field added is written everywhere or nowhere (`PersonColumnsTests` checks them against the
    /// record's own coding, and every field through every way a person is written).
    static let columns = ["id"] + PersonField.allCases.map(\.rawValue) + ["photo"]

    /// The values of ``columns``, in their order.
    var values: [(any DatabaseValueConvertible)?] {
        [id, name, username, gender, email, age, country, cellphone, photo]
    }

    /// The values of ``columns`` then `extra`, for ``insert(adding:)``'s statement.
    func arguments(adding extra: [(any DatabaseValueConvertible)?]) -> StatementArguments {
        StatementArguments(values + extra)
    }

    /// The values of the fields' columns, in ``Persons/PersonField`` order, for
    /// ``fieldAssignments``.
    var fieldValues: [(any DatabaseValueConvertible)?] {
        Array(values[1...PersonField.allCases.count])
    }

    /// `INSERT INTO person (…) VALUES (?, …)`: a person's ``columns``, then `extra` ones.
    static func insert(adding extra: [String]) -> String {
        let names = columns + extra
        let places = Array(repeating: "?", count: names.count)
        return "INSERT INTO person (\(names.joined(separator: ", "))) VALUES (\(places.joined(separator: ", ")))"
    }

    /// `name = ?, username = ?, …`: each field's column set, in ``Persons/PersonField`` order.
    static let fieldAssignments = PersonField.allCases.map { "\($0.rawValue) = ?" }.joined(separator: ", ")
}

/// The columns a list row needs, read straight into the model.
extension Person.Meta {
    /// The columns of a list row, in the order ``init(row:)`` reads them.
    static let columns = ["id", "name", "username", "gender", "age", "country"]
    static let selection = columns.joined(separator: ", ")

    /// A row of ``selection``, read by position: a value the model cannot hold (a file written
    /// by another program) throws, as a failed read.
    init(row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0), name: try row.decode(atIndex: 1), username: try row.decode(atIndex: 2),
            gender: Gender(reported: try row.decode(atIndex: 3)), age: try row.decode(atIndex: 4),
            country: try row.decode(atIndex: 5))
    }
}
