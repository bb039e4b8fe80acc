import Hummingbird
import Persons
import PersonsShow

/// The recently deleted screen's routes: the page of the people deleted lately (`?gone=ID` just
/// after a delete: who went, with Undo), and the post that brings one back (to their page).
enum DeletedScreen {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.get(RouterPath(SitePath.deleted)) { request, _ in
            let gone = request.uri.queryParameters["gone"].map(String.init)
            // Only looked up among the people deleted lately: an id nobody deleted shows no notice.
            guard (gone?.utf8.count ?? 0) <= goneLimit else { throw PageError.badRequest }
            let page = try await page { () throws(Fizzle) in try await DeletedViewModel(service).page(gone: gone) }
            return HTMLResponse(html: Shows.render(page))
        }
        router.post(RouterPath("\(SitePath.people)/:id/restore")) { _, context in
            let id = try DetailScreen.personID(context.parameters)
            let person = try await page { () throws(Fizzle) in try await DeletedViewModel(service).restore(id) }
            return Response.redirect(to: SitePath.person(person.id), type: .normal)
        }
    }

    /// The longest id `?gone=` takes, in UTF-8 bytes: longer than any id a person is given.
    static let goneLimit = 1_000

    /// Runs a use case for a page: its failure is the page's.
    private static func page<Value>(_ body: () async throws(Fizzle) -> Value) async throws -> Value {
        do throws(Fizzle) {
            return try await body()
        } catch {
            throw PageError(error)
        }
    }
}
