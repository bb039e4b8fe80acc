import Mustache

/// The search form: a text that each word of a name or username starts, a choice for each
/// filter (its values, each labelled, with "Everyone" first) and a choice of orders, sent
/// together as the address of the list they ask for (a `GET`: a search only changes what the
/// page shows).
///
/// ```swift
/// Shows.render(
///     SearchView(
///         text: "ad", filters: [.init(name: "gender", label: "Gender", value: "", choices: [("male", "male (3)")])],
///         orders: [.init(value: "name", label: "Name", isSelected: true)]))
/// ```
public struct SearchView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "text": \.text, "filters": \.filters, "orders": \.orders, "hasOrders": \.hasOrders,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "search"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="search" class="search" method="get" action="\(SitePath.home)" role="search" data-live-patch>
        <input type="search" name="q" value="{{text}}" maxlength="100" placeholder="A name or username…" aria-label="Search names and usernames">
        {{#filters}}<label class="filter">{{label}} <select name="{{name}}"><option value="">Everyone</option>{{#options}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/options}}</select></label>
        {{/filters}}{{#hasOrders}}<label class="order">Order <select name="order">{{#orders}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/orders}}</select></label>
        {{/hasOrders}}<button type="submit">Search</button>
        </form>
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

    let text: String
    let filters: [Filter]
    let orders: [Option]
    var hasOrders: Bool { !orders.isEmpty }

    /// The search form showing `text`, the `filters` and the `orders` to choose from.
    public init(text: String, filters: [Filter] = [], orders: [Option] = []) {
        self.text = text
        self.filters = filters
        self.orders = orders
    }
}
