import PersonsShow
import PureLive

extension Fragment {
    /// `component` as a part: every component's root element has its template's name as id.
    ///
    /// ```swift
    /// let part = Fragment(SearchView(text: "ad"))   // replaces the element "search"
    /// ```
    init<Component: ShowComponent>(_ component: Component) {
        self.init(id: Component.templateName, html: Shows.render(component))
    }
}
