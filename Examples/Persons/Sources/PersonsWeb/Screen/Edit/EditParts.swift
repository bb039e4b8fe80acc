import Persons
import PersonsShow
import Pure
import PureLive

/// A person's edit form opened anew, declared once for the live engine (see `LivePage`): the form
/// is the page's live part, read from the person's scene, so a save elsewhere (another tab,
/// `pure edit`, the address book) shows in it. The rule for what the user is typing: a field
/// they changed since the form showed it keeps what they typed (the live engine leaves it as it
/// is), every other field takes the value saved, and its `shown-` value follows, so that a save
/// changes only the fields the user changed (`PersonForm`).
struct EditParts: LivePage {
    typealias State = SceneState<Roger, PersonState>

    let form = LivePart(reads: \State.scene) { scene in
        guard let person = scene.person, !scene.isDeleted else {
            return PersonFormView(
                action: SitePath.edit(scene.id), button: "Save", fields: [],
                notice: "This person has been deleted: there is nothing left to save.")
        }
        return EditViewModel.form(scene.id, PersonDraft(person))
    }

    /// The whole page.
    func page(_ state: State) -> String {
        let id = state.scene.id
        return Shows.render(
            PersonFormPage(
                title: EditViewModel.title(id, name: state.scene.person?.name), back: SitePath.person(id),
                form: form.component(state),
                delete: SitePath.delete(id), live: SitePath.edit(id)))
    }
}
