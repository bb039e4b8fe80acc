import Mustache

/// What narrows and orders the search: a choice for each filter (its values, each labelled with
/// how many people have it, "Everyone" first), the choice of orders, and the button that sends
/// them. They belong to the search form (`form="search"`) but stand after it, in a part of their
/// own: the counts change with every save, and this part is the same at every address that chose
/// the same filters and order, so one rendering serves them all, where the form, with each
/// address's own text, would be rendered once per address. In the form's order, the address they
/// send lists the text, the filters, then the order.
///
/// ```swift
/// Shows.render(
///     SearchOptionsView(
///         filters: [.init(name: "gender", label: "Gender", value: "", choices: [("male", "male (3)")])],
///         orders: [.init(value: "", label: "Name", isSelected: true)]))
/// ```
public struct SearchOptionsView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "filters": \.filters, "orders": \.orders, "hasOrders": \.hasOrders,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "search-options"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <div id="search-options" class="search-options">
        {{#filters}}<label class="filter">{{label}} <select name="{{name}}" form="\(SearchView.templateName)"><option value="">Everyone</option>{{#options}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/options}}</select></label>
        {{/filters}}{{#hasOrders}}<label class="order">Order <select name="order" form="\(SearchView.templateName)">{{#orders}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/orders}}</select></label>
        {{/hasOrders}}<button type="submit" form="\(SearchView.templateName)">Search</button>
        </div>
        """

    /// One filter's choice: "Everyone", then its values.
    public struct Filter: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "label": \.label, "options": \.options,
        ]

        let name: String
        let label: String
        let options: [Option]

        /// The choice posted as `name`, of `choices` (the value sent, what it reads), `value`
        /// chosen (empty for everyone).
        public init(name: String, label: String, value: String, choices: [(value: String, label: String)]) {
            self.name = name
            self.label = label
            options = choices.map { Option(value: $0.value, label: $0.label, isSelected: $0.value == value) }
        }
    }

    /// One choice of a filter or of the orders: the value sent, what it reads, and whether it
    /// is the one chosen.
    public struct Option: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "value": \.value, "label": \.label, "isSelected": \.isSelected,
        ]

        let value: String
        let label: String
        let isSelected: Bool

        /// The choice sending `value`, reading `label`.
        public init(value: String, label: String, isSelected: Bool) {
            self.value = value
            self.label = label
            self.isSelected = isSelected
        }
    }

    let filters: [Filter]
    let orders: [Option]
    var hasOrders: Bool { !orders.isEmpty }

    /// The choices of `filters` and of `orders`, and the button that sends the search form.
    public init(filters: [Filter], orders: [Option] = []) {
        self.filters = filters
        self.orders = orders
    }
}
