import Hummingbird
import Persons
import PersonsShow

/// The detail screen's routes: the page of a person (deep links included) and MOVE.
enum DetailScreen {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.get("\(SitePath.people)/:id") { _, context in
            let model = DetailViewModel(service, id: try personID(context))
            let person = try await load(model)
            return HTMLResponse(html: Shows.render(model.page(person)))
        }
        router.post("\(SitePath.people)/:id/move") { request, context in
            let model = DetailViewModel(service, id: try personID(context))
            let person = try await load(model)
            let move = await model.move()
            return FormResponse.isFetch(request)
                ? HTMLResponse(html: Shows.render(move))
                : HTMLResponse(html: Shows.render(model.page(person, move: move)))
        }
    }

    /// The id in the path, percent-decoded (the router leaves it encoded).
    static func personID(_ context: WebContext) throws -> Person.ID {
        guard let raw = context.parameters.get("id"), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw PageError.badRequest
        }
        return id
    }

    static func load(_ model: DetailViewModel) async throws -> Person {
        do throws(Fizzle) {
            return try await model.load()
        } catch {
            throw PageError(error)
        }
    }
}
