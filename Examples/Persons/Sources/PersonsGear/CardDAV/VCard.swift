import Foundation

/// A vCard (RFC 2426, version 3.0, and RFC 6350's 4.0, which reads the same way): its
/// properties in order, each kept as it came, so that a card written again keeps every property
/// the app does not know, as another client set it.
///
/// ```swift
/// var card = try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN:Jane Roe\r\nEND:VCARD\r\n")
/// card.text("FN")                 // "Jane Roe"
/// card.setText("FN", "Ada Roe")
/// card.serialized                 // BEGIN:VCARD … FN:Ada Roe … END:VCARD, lines folded at 75 octets
/// ```
public struct VCard: Equatable, Sendable {
    /// One content line: `group.NAME;PARAM=VALUE:value`, the value as written (escaped).
    public struct Property: Equatable, Sendable {
        /// The group, if the line has one (`item1` of `item1.EMAIL`).
        public var group: String?
        /// The name, upper-cased (`FN`, `X-SOCIALPROFILE`).
        public var name: String
        /// The parameters as written, without the leading `;` (`TYPE=CELL`); empty when none.
        public var parameters: String
        /// The value as written: escaped, for a text (see ``VCard/escaped(_:)``).
        public var value: String

        /// A property named `name` with `value` as written.
        public init(group: String? = nil, name: String, parameters: String = "", value: String) {
            self.group = group
            self.name = name.uppercased()
            self.parameters = parameters
            self.value = value
        }

        /// Whether a parameter lists `type` among its types (`TYPE=CELL,VOICE`, `TYPE=cell`, or
        /// 2.1's bare `CELL`).
        public func hasType(_ type: String) -> Bool {
            parameters.split(separator: ";").contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                let values =
                    pair.count == 2 && pair[0].uppercased() == "TYPE" ? pair[1] : (pair.count == 1 ? pair[0] : "")
                return values.split(separator: ",").contains {
                    $0.trimmingCharacters(in: ["\""]).uppercased() == type.uppercased()
                }
            }
        }
    }

    /// Why a text is not a vCard.
    public enum Problem: Error, Equatable, Sendable {
        /// No `BEGIN:VCARD` first, or no `END:VCARD` last.
        case notAVCard
        /// A content line without a name and a `:`, at this line (1-based, after unfolding).
        case badLine(Int)
        /// More than one card, or a card inside a card.
        case nested
    }

    /// The properties between `BEGIN:VCARD` and `END:VCARD`, in order.
    public var properties: [Property]

    /// A card of these properties.
    public init(properties: [Property] = []) {
        self.properties = properties
    }

    /// Reads one vCard: lines unfolded (a line break followed by a space or a tab continues the
    /// line), `\r\n` or `\n` alike; one card, nothing but blank lines around it.
    public init(parsing text: String) throws(Problem) {
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard lines.count >= 2, lines[0].uppercased() == "BEGIN:VCARD",
            lines[lines.count - 1].uppercased() == "END:VCARD"
        else { throw .notAVCard }
        properties = []
        for (index, line) in lines.enumerated().dropFirst().dropLast() {
            guard let property = Self.property(line) else { throw .badLine(index + 1) }
            guard property.name != "BEGIN", property.name != "END" else { throw .nested }
            properties.append(property)
        }
    }

    /// One content line read: its group, name, parameters and value; `nil` if it has no `:` after
    /// a name. A `:` inside a quoted parameter value does not end the parameters.
    private static func property(_ line: String) -> Property? {
        var isQuoted = false
        guard
            let colon = line.firstIndex(where: { character in
                if character == "\"" { isQuoted.toggle() }
                return character == ":" && !isQuoted
            })
        else { return nil }
        let head = line[..<colon]
        let semicolon = head.firstIndex(of: ";") ?? head.endIndex
        let qualified = head[..<semicolon]
        let dot = qualified.lastIndex(of: ".")
        let name = dot.map { qualified[qualified.index(after: $0)...] } ?? qualified
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return nil
        }
        return Property(
            group: dot.map { String(qualified[..<$0]) }, name: String(name),
            parameters: semicolon < head.endIndex ? String(head[head.index(after: semicolon)...]) : "",
            value: String(line[line.index(after: colon)...]))
    }

    /// The first property named `name`, if any.
    public func first(_ name: String) -> Property? {
        properties.first { $0.name == name.uppercased() }
    }

    /// The first `name` property's value as text, unescaped; `nil` when the card has none.
    public func text(_ name: String) -> String? {
        first(name).map { Self.unescaped($0.value) }
    }

    /// Sets the first `name` property's value to `text` (escaped), keeping its group and
    /// parameters; adds one if there is none; removes it for `nil` or an empty text.
    public mutating func setText(_ name: String, _ text: String?, parameters: String = "") {
        setValue(name, text.map(Self.escaped), parameters: parameters)
    }

    /// Sets the first `name` property's value as written (a structured value's `;` kept), as
    /// ``setText(_:_:parameters:)`` does.
    public mutating func setValue(_ name: String, _ value: String?, parameters: String = "") {
        let index = properties.firstIndex { $0.name == name.uppercased() }
        setValue(at: index, name, value, parameters: parameters)
    }

    /// Sets the property at `index` (a new `name` property when `nil`), or removes it for `nil`
    /// or an empty value.
    public mutating func setValue(at index: Int?, _ name: String, _ value: String?, parameters: String = "") {
        guard let value, !value.isEmpty else {
            if let index { properties.remove(at: index) }
            return
        }
        if let index {
            properties[index].value = value
        } else {
            properties.append(Property(name: name, parameters: parameters, value: value))
        }
    }

    /// The card as text: `BEGIN:VCARD`, the properties, `END:VCARD`, each line ended by `\r\n` and
    /// folded at 75 octets, never inside a character.
    public var serialized: String {
        var text = "BEGIN:VCARD\r\n"
        for property in properties {
            var line = property.group.map { $0 + "." } ?? ""
            line += property.name + (property.parameters.isEmpty ? "" : ";" + property.parameters)
            line += ":" + property.value
            text += Self.folded(line)
        }
        return text + "END:VCARD\r\n"
    }

    /// `line` folded into lines of at most 75 octets, each continuation starting with a space.
    private static func folded(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result + "\r\n"
    }

    /// A text as a vCard value: `\`, `,`, `;` escaped, a line break as `\n`.
    ///
    /// ```swift
    /// VCard.escaped("Roe, Jane")   // "Roe\\, Jane"
    /// ```
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// A vCard value as text: `\n` (or `\N`) a line break, any other escaped character itself.
    public static func unescaped(_ value: String) -> String {
        var result = ""
        var isEscaped = false
        for character in value {
            if isEscaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                isEscaped = false
            } else if character == "\\" {
                isEscaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
