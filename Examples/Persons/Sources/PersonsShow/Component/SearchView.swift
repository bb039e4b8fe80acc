import Mustache

/// The search form: a text that each word of a name or username starts, a field for each
/// filter (a choice where the filter offers some, a text otherwise) and a choice of orders, sent
/// together as the address of the list they ask for (a `GET`: a search only changes what the
/// page shows).
///
/// ```swift
/// Shows.render(
///     SearchView(
///         text: "ad", filters: [.init(name: "gender", label: "Gender", value: "", choices: ["male"])],
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
        {{#filters}}<label class="filter">{{label}} {{#options}}<select name="{{name}}"><option value="">Everyone</option>{{#list}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/list}}</select>{{/options}}{{^options}}<input name="{{name}}" value="{{value}}" maxlength="20" size="4" placeholder="Everyone">{{/options}}</label>
        {{/filters}}{{#hasOrders}}<label class="order">Order <select name="order">{{#orders}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{label}}</option>{{/orders}}</select></label>
        {{/hasOrders}}<button type="submit">Search</button>
        </form>
        """

    /// One filter's field: a choice of its options, or a text.
    public struct Filter: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "label": \.label, "value": \.value, "options": \.options,
        ]

        let name: String
        let label: String
        let value: String
        let options: Options?

        /// The field posted as `name`, showing `value` (empty for everyone), with `choices` to
        /// pick from, if the filter offers some.
        public init(name: String, label: String, value: String, choices: [String]?) {
            self.name = name
            self.label = label
            self.value = value
            options = choices.map { Options(list: $0.map { Option(value: $0, label: $0, isSelected: $0 == value) }) }
        }
    }

    /// A filter's choices.
    public struct Options: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = ["list": \.list]

        let list: [Option]
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
