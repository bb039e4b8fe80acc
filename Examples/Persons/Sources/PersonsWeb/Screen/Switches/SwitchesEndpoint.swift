import Hummingbird
import Persons
import PersonsShow

/// The switches' route, shared by every screen: flip a switch, go back to the page, which shows
/// the list as the switch wants it (the use case returns once the list follows).
enum SwitchesEndpoint {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.post(RouterPath(SitePath.switches)) { request, context in
            let form = try await WebForm.decode(SwitchesForm.self, from: request, context: context)
            guard !form.settings.isEmpty else { throw PageError.badRequest }
            let model = SwitchesViewModel(service)
            do throws(Fizzle) {
                try await model.apply(form)
            } catch {
                throw PageError(error)
            }
            return FormResponse.done(request, back: form.back)
        }
    }
}
