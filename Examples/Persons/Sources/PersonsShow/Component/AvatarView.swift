import Mustache

/// A person's picture: the photo over their initials, so the initials show when there is no
/// photo or it fails to load.
///
/// ```swift
/// Shows.render(AvatarView(photo: nil, name: "Jane Roe"))   // shows "JR"
/// ```
public struct AvatarView: ShowComponent, Equatable {
    /// The names its template uses.
    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "name": \.name, "initials": \.initials, "photo": \.photo,
    ]

    /// The partial name other templates include it by; its root element has no id.
    public static let templateName = "avatar"
    /// The markup; data only through escaping `{{name}}` tags.
    public static let template = """
        <div class="avatar"><span class="initials" aria-hidden="true">{{initials}}</span>{{#photo}}<img src="{{photo}}" alt="Photo of {{name}}" data-avatar>{{/photo}}</div>
        """

    let photo: String?
    let name: String
    let initials: String

    /// The avatar of `name`, with the photo at `photo` (an http(s) address) if any.
    public init(photo: String?, name: String) {
        self.photo = photo
        self.name = name
        initials = String(name.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
    }
}
