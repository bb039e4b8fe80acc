import Hummingbird
import Persons
import PersonsShow

/// The switches' route, shared by every screen: flip a switch, go back to the page.
enum SwitchesEndpoint {
    static func register(on router: Router<WebContext>, service: any Serving) {
        router.post(RouterPath(SitePath.switches)) { request, context in
            let form = try await WebForm.decode(SwitchesForm.self, from: request, context: context)
            guard form.isRegion != nil || form.isUsername != nil else { throw PageError.badRequest }
            let model = SwitchesViewModel(service)
            do throws(Fizzle) {
                try await model.apply(form)
            } catch {
                throw PageError(error)
            }
            // The page's script follows the list live; a plain form's next page must show it.
            if !FormResponse.isFetch(request), let isRegion = form.isRegion {
                await model.awaitList(isRegion: isRegion)
            }
            return FormResponse.done(request, back: form.back)
        }
    }
}
