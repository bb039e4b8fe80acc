import Persons

/// The person form as posted: the text of each ``PersonField`` given, by its name, and, from an
/// edit form, the value each field showed when the form opened (`shown-<name>`). A field the
/// form does not name is not given (it keeps what it was), and a field the app does not know is
/// left out; the texts are checked by the use case that saves them.
///
/// The rule for a person saved elsewhere while the form was open: a field the user did not
/// change (posted as it was shown) keeps the value stored now, and only the fields they changed
/// are saved as they typed them. So a save never puts back a value another tab, `pure edit` or
/// the address book changed meanwhile.
struct PersonForm: Decodable, Sendable {
    /// Each field posted, and its text.
    let texts: [PersonField: String]
    /// Each field's value when the form opened, as an edit form posts it.
    let shown: [PersonField: String]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let read = { (prefix: String) in
            try PersonField.allCases.reduce(into: [PersonField: String]()) { texts, field in
                let key = Key(stringValue: prefix + field.rawValue)
                texts[field] = try container.decodeIfPresent(String.self, forKey: key)
            }
        }
        texts = try read("")
        shown = try read("shown-")
    }

    /// The fields the user changed, as they typed them: what an edit saves over the person as
    /// stored now.
    var changes: PersonDraft {
        PersonDraft(texts.filter { shown[$0.key] != $0.value })
    }

    /// Every field posted: the form as the user sees it.
    var typed: PersonDraft { PersonDraft(texts) }

    /// The values the form showed when it opened.
    var asShown: PersonDraft { PersonDraft(shown) }
}
