import Hummingbird
import Persons
import PersonsShow

/// The recently deleted screen's routes: the page of the people deleted lately, and the post that
/// brings one back (to their page).
enum DeletedScreen {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.get(RouterPath(SitePath.deleted)) { _, _ in
            let page = try await page { () throws(Fizzle) in try await DeletedViewModel(service).page() }
            return HTMLResponse(html: Shows.render(page))
        }
        router.post(RouterPath("\(SitePath.people)/:id/restore")) { _, context in
            let id = try DetailScreen.personID(context.parameters)
            let person = try await page { () throws(Fizzle) in try await DeletedViewModel(service).restore(id) }
            return Response.redirect(to: SitePath.person(person.id), type: .normal)
        }
    }

    /// Runs a use case for a page: its failure is the page's.
    private static func page<Value>(_ body: () async throws(Fizzle) -> Value) async throws -> Value {
        do throws(Fizzle) {
            return try await body()
        } catch {
            throw PageError(error)
        }
    }
}
