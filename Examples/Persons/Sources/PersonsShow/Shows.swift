import Logging
import Mustache

/// Every component's template, parsed once, and rendering by component.
///
/// ```swift
/// let html = Shows.render(SearchView(text: "an"))
/// ```
public enum Shows {
    /// The components, in one place so each template is registered and checked.
    static let components: [any ShowComponent.Type] = [
        SwitchesView.self, SyncStatusView.self, SearchView.self, SearchOptionsView.self, ListSummaryView.self,
        PeopleListView.self, PeopleListView.Section.self, PeopleListView.Pages.self,
        PersonRowView.self,
        PersonDetailView.self, ConflictView.self, AvatarView.self, MoveView.self, JournalView.self, PageView.self,
        HomePage.self,
        DetailPage.self, InspectorPage.self, MessagePage.self, PersonFormView.self, PersonFormPage.self,
        AddressBookView.self, ConfirmPage.self, DeletedPage.self, ChoicesPage.self, DirectoryPage.self,
    ]

    /// The parsed templates, or why one of them does not parse. Each escapes with
    /// ``HTMLEscaping`` (mustache's own lets a quote with a combining mark through).
    static let library: Result<MustacheLibrary, any Error> = Result {
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        var library = MustacheLibrary()
        for component in components {
            try library.register(
                "{{% CONTENT_TYPE: \(HTMLEscaping.name) }}" + component.template, named: component.templateName)
        }
        return library
    }

    private static let logger = Logger(label: "pure.show")

    /// Checks that every template parses: call once at start-up.
    ///
    /// ```swift
    /// try Shows.check()
    /// ```
    public static func check() throws {
        _ = try library.get()
    }

    /// The HTML of `component`; empty (and logged) if its template is broken.
    public static func render<Component: ShowComponent>(_ component: Component) -> String {
        switch library {
        case .success(let library):
            guard let html = library.render(component, withTemplate: Component.templateName) else {
                logger.error("no template named \(Component.templateName)")
                return ""
            }
            return html
        case .failure(let error):
            logger.error("the templates do not parse: \(error)")
            return ""
        }
    }
}
