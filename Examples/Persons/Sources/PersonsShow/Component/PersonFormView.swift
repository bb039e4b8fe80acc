import Mustache

/// The form that edits or adds a person: a labelled field for each editable field (a choice
/// where the field offers some), what is wrong with a field beside it, and the button. An edit
/// form also posts the value each field showed when it opened (`shown-<name>`), so that a save
/// changes only the fields the user changed (see `PersonForm`). A `notice` (the person was
/// deleted) takes the place of the fields and the button.
///
/// ```swift
/// Shows.render(
///     PersonFormView(
///         action: "/people/p1/edit", button: "Save",
///         fields: [.init(name: "name", label: "Name", value: "Ada", kind: "text", limit: 100)]))
/// ```
public struct PersonFormView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "action": \.action, "button": \.button, "fields": \.fields, "notice": \.notice,
    ]

    /// The partial name, and the id of the root element.
    public static let templateName = "person-form"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <form id="person-form" class="person-form" method="post" action="{{action}}" novalidate>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}{{^notice}}{{#fields}}<div class="field{{#problem}} invalid{{/problem}}"><label for="field-{{name}}">{{label}}</label>
        {{#options}}<select id="field-{{name}}" name="{{name}}">{{#list}}<option value="{{value}}"{{#isSelected}} selected{{/isSelected}}>{{value}}</option>{{/list}}</select>{{/options}}{{^options}}<input id="field-{{name}}" name="{{name}}" type="{{kind}}" value="{{value}}" maxlength="{{limit}}"{{#problem}} aria-invalid="true" aria-describedby="problem-{{name}}"{{/problem}}>{{/options}}{{#shown}}<input type="hidden" name="shown-{{name}}" value="{{shown}}">{{/shown}}
        {{#problem}}<p id="problem-{{name}}" class="problem" role="alert">{{problem}}</p>{{/problem}}</div>
        {{/fields}}<button type="submit">{{button}}</button>{{/notice}}
        </form>
        """

    /// One field: posted as `name`, labelled, showing `value`, an input of `kind` (`text`,
    /// `email`, `tel`, `number`) or a choice of `choices`, and what is wrong with it, if anything.
    public struct Field: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        public static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": \.name, "label": \.label, "value": \.value, "kind": \.kind, "limit": \.limit, "options": \.options,
            "problem": \.problem, "shown": \.shown,
        ]

        let name: String
        let label: String
        let value: String
        let kind: String
        let limit: Int
        let options: Options?
        let problem: String?
        let shown: String?

        /// The field posted as `name`; a choice of `choices` when given; in an edit form, with
        /// the stored value it `shown` when the form opened.
        public init(
            name: String, label: String, value: String, kind: String, limit: Int, choices: [String]? = nil,
            problem: String? = nil, shown: String? = nil
        ) {
            self.name = name
            self.label = label
            self.value = value
            self.kind = kind
            self.limit = limit
            options = choices.map { Options(list: $0.map { Option(value: $0, isSelected: $0 == value) }) }
            self.problem = problem
            self.shown = shown
        }
    }

    /// A field's choices.
    struct Options: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        static let fields: [String: @Sendable (Self) -> Any?] = ["list": \.list]

        let list: [Option]
    }

    /// One choice, and whether it is the one chosen.
    struct Option: Equatable, Sendable, ShowFields {
        /// The names its template uses.
        static let fields: [String: @Sendable (Self) -> Any?] = ["value": \.value, "isSelected": \.isSelected]

        let value: String
        let isSelected: Bool
    }

    let action: String
    let button: String
    let fields: [Field]
    let notice: String?

    /// The form posting `fields` to `action`, its button reading `button`; only `notice` when
    /// given.
    public init(action: String, button: String, fields: [Field], notice: String? = nil) {
        self.action = action
        self.button = button
        self.fields = fields
        self.notice = notice
    }
}
