import Foundation
import Persons
import PersonsShow

/// The recently deleted screen's view model: reads the people deleted lately, and brings one
/// back.
final class DeletedViewModel: Sendable {
    private let loadDeleted: LoadDeletedUsecase
    private let restorePerson: RestorePersonUsecase

    init(_ service: any Serving) {
        loadDeleted = service.loadDeletedAction
        restorePerson = service.restorePersonAction
    }

    /// The page of the people deleted lately; with the person `gone` first, with Undo, when they
    /// are among them (the page just after their delete).
    func page(gone: Person.ID? = nil) async throws(Fizzle) -> DeletedPage {
        let deleted = try await loadDeleted()
        let rows = deleted.map { gone in
            DeletedPage.Row(
                name: gone.person.name,
                when: Date(timeIntervalSince1970: TimeInterval(gone.at)).formatted(.iso8601.year().month().day()),
                by: gone.by == .here ? "here" : "in the address book", restore: SitePath.restore(gone.person.id))
        }
        let just = gone.flatMap { id in deleted.firstIndex { $0.person.id == id } }.map { rows[$0] }
        return DeletedPage(rows: rows, days: DeletedPerson.keptDays, gone: just)
    }

    /// Brings back the person `id`.
    func restore(_ id: Person.ID) async throws(Fizzle) -> Person {
        try await restorePerson(id)
    }
}
