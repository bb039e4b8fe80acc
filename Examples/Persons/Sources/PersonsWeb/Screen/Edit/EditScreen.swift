import Hummingbird
import Persons
import PersonsShow
import PureLive

/// The edit screen's routes: the form that edits a person (a live page: see `EditParts`) and its
/// post, the page that asks once more before a delete and its post, the post of a choice between
/// a field's two values (here and in the address book), and the form that adds a person and its
/// post. A save that is refused shows the form again, as typed, with what is wrong beside each
/// field (422); one that fails otherwise (the disk full, the database busy) shows it again as
/// typed too, with why, so that nothing typed is lost; a saved one goes to the person's page. A save changes only the fields the user
/// changed (`PersonForm`).
enum EditScreen {
    static func register(on router: Router<WebContext>, service: any Serving, live: LiveEngine) {
        let edit = RouterPath("\(SitePath.people)/:id/edit")
        live.page("\(SitePath.people)/:id/edit", on: router) { request in
            let model = DetailViewModel(service, id: try DetailScreen.personID(request.parameters))
            let hold = try await DetailScreen.open(model)
            return LiveParts(store: service.appState, scene: hold, of: \.people, page: EditParts())
        }
        router.post(edit) { request, context in
            let id = try DetailScreen.personID(context.parameters)
            let form = try await WebForm.decode(PersonForm.self, from: request, context: context)
            let model = EditViewModel(service)
            do throws(Fizzle) {
                _ = try await model.edit(id, form)
                return Response.redirect(to: SitePath.person(id), type: .normal)
            } catch {
                // The form again from what it posted, with the reasons or the failure: no second
                // read. It posts every field, with what each showed when it opened.
                if error.isNotFound { throw PageError(error) }
                let page = EditViewModel.editPage(
                    id, form.typed, failure: error, shown: form.asShown)
                return try refused(page, error, request, context)
            }
        }
        let delete = RouterPath("\(SitePath.people)/:id/delete")
        router.get(delete) { _, context in
            let id = try DetailScreen.personID(context.parameters)
            let model = EditViewModel(service)
            let draft = try await page { () throws(Fizzle) in try await model.draft(of: id) }
            return HTMLResponse(html: Shows.render(model.deletePage(id, draft)))
        }
        router.post(delete) { _, context in
            let id = try DetailScreen.personID(context.parameters)
            try await page { () throws(Fizzle) in try await EditViewModel(service).delete(id) }
            return Response.redirect(to: SitePath.deleted(gone: id), type: .normal)
        }
        router.post(RouterPath("\(SitePath.people)/:id/conflict")) { request, context in
            let id = try DetailScreen.personID(context.parameters)
            let form = try await WebForm.decode(ConflictForm.self, from: request, context: context)
            try await page { () throws(Fizzle) in try await EditViewModel(service).resolve(id, form) }
            return Response.redirect(to: SitePath.person(id), type: .normal)
        }
        router.get(RouterPath(SitePath.add)) { _, _ in
            HTMLResponse(html: Shows.render(EditViewModel.addPage(PersonDraft([.gender: Gender.unknown.rawValue]))))
        }
        router.post(RouterPath(SitePath.add)) { request, context in
            let form = try await WebForm.decode(PersonForm.self, from: request, context: context)
            do throws(Fizzle) {
                let person = try await EditViewModel(service).add(form)
                return Response.redirect(to: SitePath.person(person.id), type: .normal)
            } catch {
                return try refused(
                    EditViewModel.addPage(form.typed, failure: error), error, request, context)
            }
        }
    }

    /// Runs a use case for a page: its failure is the page's (not found, unavailable).
    private static func page<Value>(_ body: () async throws(Fizzle) -> Value) async throws -> Value {
        do throws(Fizzle) {
            return try await body()
        } catch {
            throw PageError(error)
        }
    }

    /// The form again, as typed, with what is wrong (422) or why the save failed (the failure's
    /// own status: 503 for a busy database or a full disk).
    private static func refused(
        _ form: PersonFormPage, _ failure: Fizzle, _ request: Request, _ context: WebContext
    ) throws -> Response {
        let status = failure.personProblems == nil ? PageError(failure).status : .unprocessableContent
        return try HTMLResponse(status: status, html: Shows.render(form)).response(from: request, context: context)
    }
}
