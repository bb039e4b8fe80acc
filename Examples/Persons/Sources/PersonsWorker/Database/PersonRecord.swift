import GRDB
import Persons

/// A row of the `person` table (beside `seq`, the order people were first stored in). Mapped to
/// and from the model here and nowhere else. What is not known: an age is the empty text, which
/// SQLite orders after every number (a list by age ends with them, and its keyset pages through
/// them). A name's parts are written as they show, made of the name or not, so that a change of
/// their value is a change of their column; a row written before they were kept has them `NULL`,
/// and they follow its name.
struct PersonRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "person"

    /// The column reads by id go through (the table's primary key is `seq`).
    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    var id, name, username, gender, email: String
    var age: Age
    var country: String
    var cellphone, photo: String?
    var givenName, middleName, familyName, namePrefix, nameSuffix: String?

    init(_ person: Person) {
        id = person.id
        name = person.name
        username = person.username
        gender = person.gender.rawValue
        email = person.email
        age = Age(person.age)
        country = person.country
        cellphone = person.cellphone
        photo = person.photo
        let parts = person.parts
        givenName = parts.given
        middleName = parts.middle
        familyName = parts.family
        namePrefix = parts.prefix
        nameSuffix = parts.suffix
    }

    var person: Person {
        let parts = familyName.map { family in
            NameParts(
                family: family, given: givenName ?? "", middle: middleName ?? "", prefix: namePrefix ?? "",
                suffix: nameSuffix ?? "")
        }
        return Person(
            id: id, name: name, nameParts: parts, username: username, gender: Gender(reported: gender), email: email,
            age: age.years, country: country, cellphone: cellphone, photo: photo)
    }

    /// An age as the `age` column keeps it: a number of years, or the empty text for an unknown
    /// one; anything else a file holds (written by another program) reads as unknown.
    struct Age: Codable, DatabaseValueConvertible, Sendable {
        let years: Int?

        init(_ years: Int?) { self.years = years }

        var databaseValue: DatabaseValue { years.map(\.databaseValue) ?? "".databaseValue }

        static func fromDatabaseValue(_ value: DatabaseValue) -> Age? {
            if case .int64(let years) = value.storage { return Age(Int(exactly: years)) }
            return Age(nil)
        }
    }

    /// The person's columns: the id, each field's (a ``Persons/PersonField``'s raw value is its
    /// column), the photo. Every statement that writes a person names its columns from here, so a
    /// field added is written everywhere or nowhere (`PersonColumnsTests` checks them against the
    /// record's own coding, and every field through every way a person is written).
    static let columns = ["id"] + PersonField.allCases.map(\.rawValue) + ["photo"]

    /// The values of ``columns``, in their order.
    var values: [(any DatabaseValueConvertible)?] {
        [
            id, name, username, gender, email, age, country, cellphone, givenName, middleName, familyName, namePrefix,
            nameSuffix, photo,
        ]
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
            gender: Gender(reported: try row.decode(atIndex: 3)),
            age: PersonRecord.Age.fromDatabaseValue(row[4] as DatabaseValue)?.years, country: try row.decode(atIndex: 5)
        )
    }
}
