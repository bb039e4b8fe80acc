import Persons

/// The switches' form: the switches to set, each posted by its `Switches.Name`, and where to go
/// back.
struct SwitchesForm: Decodable, Sendable {
    /// The switches given and their new values, in `Switches.Name` order.
    let settings: [(name: Switches.Name, isOn: Bool)]
    let back: String?

    private enum Key: String, CodingKey {
        case back
    }

    /// A value that is not `true` or `false` fails, as any other field of a bad form.
    init(from decoder: any Decoder) throws {
        let switches = try decoder.container(keyedBy: Switches.Name.self)
        settings = try Switches.Name.allCases.compactMap { name in
            try switches.decodeIfPresent(Bool.self, forKey: name).map { (name, $0) }
        }
        back = try decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .back)
    }
}
