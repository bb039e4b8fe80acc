import Hummingbird
import Persons
import PersonsShow
import PureLive

/// The detail screen's routes: the live page of a person (deep links included) and MOVE.
enum DetailScreen {
    static func register(on router: Router<WebContext>, service: any Serving, live: LiveEngine) {
        live.page("\(SitePath.people)/:id", on: router) { request in
            let model = DetailViewModel(service, id: try personID(request.parameters))
            return model.liveParts(try await open(model))
        }
        router.post("\(SitePath.people)/:id/move") { request, context in
            let model = DetailViewModel(service, id: try personID(context.parameters))
            let person = try await open(model)
            let move = await model.move()
            if FormResponse.isFetch(request) { return HTMLResponse(html: Shows.render(move)) }
            guard let page = model.page(person, move: move) else { throw PageError.notFound }
            return HTMLResponse(html: Shows.render(page))
        }
    }

    /// The id in the path, percent-decoded (the router leaves it encoded).
    static func personID(_ parameters: Parameters) throws -> Person.ID {
        guard let raw = parameters.get("id"), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw PageError.badRequest
        }
        return id
    }

    static func open(_ model: DetailViewModel) async throws -> PersonHold {
        do throws(Fizzle) {
            return try await model.open()
        } catch {
            throw PageError(error)
        }
    }
}
