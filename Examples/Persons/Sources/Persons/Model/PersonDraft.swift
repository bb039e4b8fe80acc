import Pure

/// A person as typed into the edit form or given to `pure edit` and `pure add`: text for each
/// ``PersonField``, nothing checked yet. The use cases that save a person check it
/// (``person(id:photo:)``), so a form, a command line and a recorded journal go through the
/// same checks.
///
/// ```swift
/// var draft = PersonDraft(person)
/// draft[.email] = "ada@example.org"
/// let edited = try draft.person(id: person.id, photo: person.photo).get()
/// ```
public struct PersonDraft: Hashable, Sendable, Codable {
    private var texts: [PersonField: String]

    /// A draft of these texts; a field not given is empty.
    ///
    /// ```swift
    /// PersonDraft([.name: "Ada Park", .age: "36", .country: "KR"])
    /// ```
    public init(_ texts: [PersonField: String] = [:]) {
        self.texts = texts
    }

    /// A draft of `person` as stored: what the edit form starts from.
    public init(_ person: Person) {
        texts = Dictionary(uniqueKeysWithValues: PersonField.allCases.map { ($0, $0.text(of: person)) })
    }

    /// The draft of `person` with each field this draft gives in place of theirs: what an edit
    /// that gives only the fields it changes saves.
    ///
    /// ```swift
    /// PersonDraft([.email: "ada@example.org"]).over(ada)[.name]   // "Ada Park", as stored
    /// ```
    public func over(_ person: Person) -> PersonDraft {
        texts.reduce(into: PersonDraft(person)) { draft, given in draft[given.key] = given.value }
    }

    /// The text typed for `field`; empty when none was.
    public subscript(field: PersonField) -> String {
        get { texts[field] ?? "" }
        set { texts[field] = newValue }
    }

    /// The person with id `id` and `photo` that this draft describes, or every field's problem,
    /// in ``PersonField`` order. Over a `stored` person, a field whose text is still theirs keeps
    /// their value unchecked: a value that came from outside (a card another client wrote, with a
    /// phone number's extension or two words of a nick) is theirs, and never stops a save of
    /// another field. The checks are for what a user types. The name's parts given all empty
    /// follow the name.
    ///
    /// ```swift
    /// PersonDraft([.name: "Ada", .age: "36", .gender: "female", .country: "kr"])
    ///     .person(id: "1", photo: nil)   // .success: Ada, 36, KR
    /// ```
    public func person(id: Person.ID, photo: String?, over stored: Person? = nil) -> Result<Person, PersonProblems> {
        var person = stored ?? Person.unknown(id: id)
        person.photo = photo
        var problems: [PersonProblem] = []
        var typed: [PersonField: String] = [:]
        for field in PersonField.allCases where stored.map({ field.text(of: $0) != self[field] }) ?? true {
            switch field.check(self[field]) {
            case .success(let text): typed[field] = text
            case .failure(let problem): problems.append(problem)
            }
        }
        guard problems.isEmpty else { return .failure(PersonProblems(problems)) }
        let before = person
        for field in PersonField.allCases where !field.isNamePart {
            if let text = typed[field] { field.set(text, on: &person) }
        }
        // The name's parts typed are set as typed; a name not typed follows them, when it was made
        // of them. Parts all left empty follow the name.
        if PersonField.allCases.contains(where: { $0.isNamePart && typed[$0] != nil }) {
            var parts = person.parts
            for field in PersonField.allCases where field.isNamePart {
                if let text = typed[field] { field.set(text, in: &parts) }
            }
            if typed[.name] == nil, before.name == before.parts.joined { person.name = parts.joined }
            let isEmpty = PersonField.allCases.allSatisfy { !$0.isNamePart || self[$0].isEmpty }
            person.nameParts = isEmpty || parts == NameParts(splitting: person.name) ? nil : parts
        }
        return .success(person)
    }

    /// Reads the texts by field name; a field the app does not know is left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PersonField.self)
        texts = try PersonField.allCases.reduce(into: [:]) { texts, field in
            texts[field] = try container.decodeIfPresent(String.self, forKey: field)
        }
    }

    /// Writes the texts by field name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PersonField.self)
        for field in PersonField.allCases { try container.encodeIfPresent(texts[field], forKey: field) }
    }
}

extension PersonDraft: Recordable {
    /// The draft as Swift, its fields in ``PersonField`` order: how a journal records a save,
    /// for a test to make it again.
    ///
    /// ```swift
    /// PersonDraft([.name: "Ada"]).recordedSource   // PersonDraft([.name: "Ada"])
    /// ```
    public var recordedSource: String {
        let pairs = PersonField.allCases.compactMap { field in
            texts[field].map { ".\(field.rawValue): \($0.recordedSource)" }
        }
        return "PersonDraft([\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))])"
    }
}
