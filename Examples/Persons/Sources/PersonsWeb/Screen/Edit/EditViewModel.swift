import Persons
import PersonsShow

/// The edit screen's view model: reads the person to edit, saves an edit or a new person, deletes
/// one, ends a conflict with the address book, and renders the form with what is wrong beside
/// each field.
final class EditViewModel: Sendable {
    private let loadPerson: LoadPersonUsecase
    private let editPerson: EditPersonUsecase
    private let addPerson: AddPersonUsecase
    private let deletePerson: DeletePersonUsecase
    private let resolveConflict: ResolveConflictUsecase
    /// The address book the people are linked with, if any: a delete here deletes its card too.
    private let linkedBook: String?

    init(_ service: any Serving) {
        linkedBook = service.appState.value.sys.book.collection
        loadPerson = service.loadPersonAction
        editPerson = service.editPersonAction
        addPerson = service.addPersonAction
        deletePerson = service.deletePersonAction
        resolveConflict = service.resolveConflictAction
    }

    /// The person `id` as stored, as a draft to edit.
    func draft(of id: Person.ID) async throws(Fizzle) -> PersonDraft {
        PersonDraft(try await loadPerson(id))
    }

    /// Saves the fields `form` changed over the person `id`, as stored now.
    func edit(_ id: Person.ID, _ form: PersonForm) async throws(Fizzle) -> Person {
        try await editPerson(id, form.changes)
    }

    /// Adds the person `form` describes.
    func add(_ form: PersonForm) async throws(Fizzle) -> Person {
        try await addPerson(form.changes)
    }

    /// Deletes the person `id`.
    func delete(_ id: Person.ID) async throws(Fizzle) {
        try await deletePerson(id)
    }

    /// Ends the conflict on a field of the person `id` with the choice `form` posted.
    func resolve(_ id: Person.ID, _ form: ConflictForm) async throws(Fizzle) {
        _ = try await resolveConflict(id, form.field, form.keep)
    }

    /// The page editing the person `id` from `draft`, with the `failure` a save of it met (what
    /// is wrong beside each field, or why it was not saved), and the values the form showed when
    /// it opened (`shown`; `draft` itself when it just opened).
    static func editPage(
        _ id: Person.ID, _ draft: PersonDraft, failure: Fizzle? = nil, shown: PersonDraft? = nil
    ) -> PersonFormPage {
        PersonFormPage(
            title: title(id, name: draft[.name]), back: SitePath.person(id), summary: failure.map(summary),
            form: form(id, draft, problems: failure?.personProblems, shown: shown), delete: SitePath.delete(id))
    }

    /// The edit page's title: the person's name, or their id while they have none.
    static func title(_ id: Person.ID, name: String?) -> String {
        "Edit \(name.flatMap { $0.isEmpty ? nil : $0 } ?? id)"
    }

    /// The form editing the person `id` from `draft`, with `problems` beside their fields, and
    /// the values the form showed when it opened (`shown`; `draft` itself when it just opened).
    static func form(
        _ id: Person.ID, _ draft: PersonDraft, problems: PersonProblems? = nil, shown: PersonDraft? = nil
    ) -> PersonFormView {
        PersonFormView(
            action: SitePath.edit(id), button: "Save", fields: fields(draft, problems, shown: shown ?? draft))
    }

    /// The page that asks once more before the person `id` (`draft`, as stored) is deleted,
    /// saying what goes with them.
    func deletePage(_ id: Person.ID, _ draft: PersonDraft) -> ConfirmPage {
        let name = draft[.name].isEmpty ? id : draft[.name]
        var lines = [
            "\(name) will be kept \(DeletedPerson.keptDays) days among the recently deleted, where you can bring "
                + "them back; the directory's sync will not bring them back."
        ]
        if let linkedBook {
            lines.append(
                "Their card goes from the address book at \(linkedBook) too, and so from every phone and computer "
                    + "that shows that address book.")
        }
        return ConfirmPage(
            title: "Delete \(name)?", lines: lines, action: SitePath.delete(id), button: "Delete \(name)",
            back: SitePath.person(id))
    }

    /// The page adding a person from `draft`, with the `failure` an add met (what is wrong beside
    /// each field, or why it was not saved).
    static func addPage(_ draft: PersonDraft, failure: Fizzle? = nil) -> PersonFormPage {
        PersonFormPage(
            title: "Add a person", back: SitePath.home, summary: failure.map(summary),
            form: PersonFormView(
                action: SitePath.add, button: "Add", fields: fields(draft, failure?.personProblems)),
            delete: nil)
    }

    /// A form's fields: one per ``PersonField``, in ``PersonField/formOrder``, each with the value
    /// it showed when an edit form opened.
    private static func fields(
        _ draft: PersonDraft, _ problems: PersonProblems?, shown: PersonDraft? = nil
    ) -> [PersonFormView.Field] {
        PersonField.formOrder.map { field in
            PersonFormView.Field(
                name: field.rawValue, label: field.label, value: draft[field], kind: kind(field), limit: field.limit,
                choices: field == .gender ? Gender.allCases.map(\.rawValue) : nil, problem: problems?[field]?.message,
                shown: shown?[field])
        }
    }

    /// The input each field is typed in: plain text but for these (a field added is text).
    private static func kind(_ field: PersonField) -> String {
        [.email: "email", .age: "number", .cellphone: "tel"][field] ?? "text"
    }

    /// What a form says of a save that failed: how many fields need changing, or, for another
    /// failure than what was typed, what happened, and that what was typed is still in the form.
    private static func summary(_ failure: Fizzle) -> String {
        guard let problems = failure.personProblems else {
            return "Not saved: \(failure.message) What you typed is still here: save again when it can go."
        }
        let count = problems.all.count
        return "Nothing was saved: \(count == 1 ? "one field needs" : "\(count) fields need") changing."
    }
}
