import Hummingbird
import Persons
import PersonsShow

/// The switches' route, shared by every screen: flip a switch, go back to the page.
enum SwitchesEndpoint {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.post(RouterPath(SitePath.switches)) { request, context in
            let form = try await WebForm.decode(SwitchesForm.self, from: request, context: context)
            guard form.isRegion != nil || form.isUsername != nil else { throw PageError.badRequest }
            do throws(Fizzle) {
                try await SwitchesViewModel(service).apply(form)
            } catch {
                throw PageError(error)
            }
            return FormResponse.done(request, back: form.back)
        }
    }
}
