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

    /// The page of the people deleted lately.
    func page() async throws(Fizzle) -> DeletedPage {
        let rows = try await loadDeleted().map { gone in
            DeletedPage.Row(
                name: gone.person.name,
                when: Date(timeIntervalSince1970: TimeInterval(gone.at)).formatted(.iso8601.year().month().day()),
                by: gone.by == .here ? "here" : "in the address book", restore: SitePath.restore(gone.person.id))
        }
        return DeletedPage(rows: rows, days: DeletedPerson.keptDays)
    }

    /// Brings back the person `id`.
    func restore(_ id: Person.ID) async throws(Fizzle) -> Person {
        try await restorePerson(id)
    }
}
