import Persons

/// The person form as posted: the text of each ``PersonField`` given, by its name. A field the
/// form does not name is not given (it keeps what it was), and a field the app does not know is
/// left out; the texts are checked by the use case that saves them.
struct PersonForm: Decodable, Sendable {
    /// Each field posted, and its text.
    let texts: [PersonField: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PersonField.self)
        texts = try PersonField.allCases.reduce(into: [:]) { texts, field in
            texts[field] = try container.decodeIfPresent(String.self, forKey: field)
        }
    }

    /// `draft` with each field posted in place of its own.
    func applied(to draft: PersonDraft) -> PersonDraft {
        texts.reduce(into: draft) { draft, posted in draft[posted.key] = posted.value }
    }
}
