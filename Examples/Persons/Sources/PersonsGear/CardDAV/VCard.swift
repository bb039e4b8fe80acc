/// A vCard (2.1, RFC 2426's 3.0 and RFC 6350's 4.0, as real clients write them): its
/// properties in order, each kept as it came, so that a card written again changes only the
/// properties that were set: every other line goes back as the other client wrote it, folded
/// where it was folded, with its own line end, byte for byte.
///
/// ```swift
/// var card = try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN:Jane Roe\r\nEND:VCARD\r\n")
/// card.text("FN")                 // "Jane Roe"
/// card.setText("FN", "Ada Roe")
/// card.serialized                 // BEGIN:VCARD … FN:Ada Roe … END:VCARD, new lines folded at 75 octets
/// ```
public struct VCard: Equatable, Sendable {
    /// One content line: `group.NAME;PARAM=VALUE:value`, the value as written (escaped).
    public struct Property: Equatable, Sendable {
        /// The group, if the line has one (`item1` of `item1.EMAIL`).
        public var group: String? { didSet { line = nil } }
        /// The name, upper-cased (`FN`, `X-SOCIALPROFILE`).
        public var name: String { didSet { line = nil } }
        /// The parameters as written, without the leading `;` (`TYPE=CELL`); empty when none.
        public var parameters: String { didSet { line = nil } }
        /// The value as written: escaped, for a text (see ``VCard/escaped(_:)``).
        public var value: String { didSet { line = nil } }
        /// The line as it came, octet for octet: its folds, its line ends (`\r\n`, `\n`, or
        /// none for a card's last line), and the blank lines after it (which end vCard 2.1's
        /// base64 values); written back as it is while nothing of the property changes. `nil`
        /// for one the app made or changed.
        public fileprivate(set) var line: String?

        /// A property named `name` with `value` as written.
        public init(group: String? = nil, name: String, parameters: String = "", value: String) {
            self.group = group
            self.name = name.uppercased()
            self.parameters = parameters
            self.value = value
        }

        /// The values of the parameter `name` (`TYPE=CELL,VOICE;type=pref` has `CELL`, `VOICE`
        /// and `pref` for `TYPE`), quotes removed, a quoted list split as RFC 6350's examples
        /// write one (`TYPE="work,voice"`); vCard 2.1's bare `CELL` counts as a type, and its bare
        /// `QUOTED-PRINTABLE` and `BASE64` as an encoding.
        public func parameter(_ name: String) -> [String] {
            VCard.split(parameters, on: ";").flatMap { parameter -> [String] in
                let pair = VCard.split(parameter, on: "=", limit: 1)
                let key =
                    pair.count == 2
                    ? pair[0].uppercased() : VCard.bareEncodings.contains(parameter.uppercased()) ? "ENCODING" : "TYPE"
                guard key == name.uppercased() else { return [] }
                return VCard.split(pair[pair.count - 1], on: ",").flatMap { value in
                    value.hasPrefix("\"") ? VCard.split(value.trimmingQuotes, on: ",") : [value]
                }
            }
        }

        /// The value as text: unescaped, and decoded if vCard 2.1 wrote it quoted-printable.
        public var text: String {
            VCard.unescaped(isQuotedPrintable ? VCard.quotedPrintableDecoded(value) : value)
        }

        /// The components of a structured value (`N:Roe;Jane;;Dr.;`), each as text.
        public var components: [String] {
            VCard.components(isQuotedPrintable ? VCard.quotedPrintableDecoded(value) : value)
        }

        /// The values of a list (`NICKNAME:Ada,Enchantress`), each as text.
        public var listed: [String] {
            VCard.listed(isQuotedPrintable ? VCard.quotedPrintableDecoded(value) : value)
        }

        /// Whether vCard 2.1 wrote the value quoted-printable (`ENCODING=QUOTED-PRINTABLE`).
        var isQuotedPrintable: Bool {
            parameter("ENCODING").contains { $0.uppercased() == "QUOTED-PRINTABLE" }
        }

        /// Whether two properties say the same, however their lines were written.
        public static func == (lhs: Property, rhs: Property) -> Bool {
            (lhs.group, lhs.name, lhs.parameters, lhs.value) == (rhs.group, rhs.name, rhs.parameters, rhs.value)
        }

        /// Whether a parameter lists `type` among its types (`TYPE=CELL,VOICE`, `TYPE=cell`, or
        /// 2.1's bare `CELL`).
        public func hasType(_ type: String) -> Bool {
            parameter("TYPE").contains { $0.uppercased() == type.uppercased() }
        }

        /// The text as it is written on a card whose lines end with `lineEnd`.
        func written(lineEnd: String) -> String {
            if let line { return line }
            let head = (group.map { $0 + "." } ?? "") + name + (parameters.isEmpty ? "" : ";" + parameters)
            return VCard.folded(head + ":" + value, lineEnd: lineEnd) + lineEnd
        }
    }

    /// Why a text is not a vCard.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// No `BEGIN:VCARD` first, or no `END:VCARD` last.
        case notAVCard
        /// A content line without a name and a `:`, at this line (1-based, after unfolding).
        case badLine(Int)
        /// More than one card, or a card inside a card.
        case nested

        /// Why, in words for the person whose card it is.
        public var description: String {
            switch self {
            case .notAVCard: "it is not a vCard (no BEGIN:VCARD first, or no END:VCARD last)"
            case .badLine(let line): "its line \(line) is no vCard property (no name and colon)"
            case .nested: "it holds more than one card"
            }
        }
    }

    /// vCard 2.1's encodings, which it may write as a bare parameter (`;BASE64:`).
    static let bareEncodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"]

    /// The properties between `BEGIN:VCARD` and `END:VCARD`, in order.
    public var properties: [Property]
    /// The first and last lines as they came (`BEGIN:VCARD`, `END:VCARD`, in their own case, with
    /// their own line ends), and the blank lines around them.
    private var begin = "BEGIN:VCARD\r\n"
    private var end = "END:VCARD\r\n"
    private var before = ""
    /// The line end a line the app writes takes: the card's own (its first line's).
    private var lineEnd = "\r\n"

    /// Whether two cards have the same properties, however their lines were written.
    public static func == (lhs: VCard, rhs: VCard) -> Bool {
        lhs.properties == rhs.properties
    }

    /// A card of these properties.
    public init(properties: [Property] = []) {
        self.properties = properties
    }

    /// Reads one vCard as clients write them: lines unfolded as RFC 6350 §3.2 says, on octets (a
    /// line break followed by a space or a tab continues the line, wherever it falls: inside a
    /// character made of several, such as a letter and its accent, too); lines ended by `\r\n`,
    /// `\n` or `\r\r\n`, the last by none at all; vCard 2.1's quoted-printable values across
    /// their soft line breaks, and its base64 values across lines that are not indented, up to
    /// the blank line that ends them; blank lines anywhere; `BEGIN:vCard` in any case. One card,
    /// nothing but blank lines around it. Every octet is kept, so that ``serialized`` gives the
    /// text back as it came.
    public init(parsing text: String) throws(Problem) {
        var lines = Self.unfolded(text)
        var before = ""
        while let first = lines.first, first.text.isEmpty {
            before += first.raw
            lines.removeFirst()
        }
        guard lines.count >= 2, lines[0].text.uppercased() == "BEGIN:VCARD",
            lines[lines.count - 1].text.uppercased() == "END:VCARD"
        else { throw .notAVCard }
        self.before = before
        begin = lines[0].raw
        end = lines[lines.count - 1].raw
        let ending = begin.utf8.reversed().prefix { $0 == 0x0D || $0 == 0x0A }
        lineEnd = ending.first == 0x0A ? String(decoding: ending.reversed(), as: UTF8.self) : "\r\n"
        properties = []
        for (index, line) in lines.enumerated().dropFirst().dropLast() {
            guard var property = Self.property(line.text) else { throw .badLine(index + 1) }
            guard property.name != "BEGIN", property.name != "END" else { throw .nested }
            property.line = line.raw
            properties.append(property)
        }
    }

    /// `text`'s logical lines: each line's text unfolded, and its octets as written (its physical
    /// lines with their line ends, and the blank lines after it): the raws of all of them, in
    /// order, are the text.
    private static func unfolded(_ text: String) -> [(text: String, raw: String)] {
        let utf8 = text.utf8
        var lines: [(octets: [UInt8], start: String.Index, end: String.Index)] = []
        var start = utf8.startIndex
        var isBase64 = false
        // Split after each line feed's octet, which never falls inside a character's UTF-8.
        while start < utf8.endIndex {
            let feed = utf8[start...].firstIndex(of: 0x0A)
            let next = feed.map { utf8.index(after: $0) } ?? utf8.endIndex
            var stop = feed ?? utf8.endIndex
            while stop > start, utf8[utf8.index(before: stop)] == 0x0D { stop = utf8.index(before: stop) }
            let bytes = Array(utf8[start..<stop])
            defer { start = next }
            if let last = lines.indices.last {
                if bytes.isEmpty {
                    // A blank line goes with the line before it; it ends a base64 value.
                    lines[last].end = next
                    isBase64 = false
                    continue
                }
                if bytes[0] == 0x20 || bytes[0] == 0x09 {
                    lines[last].octets += bytes.dropFirst()
                } else if Self.endsInSoftBreak(lines[last].octets) {
                    // vCard 2.1's quoted-printable values continue after a `=` that ends a line:
                    // the line break stays in the value, where decoding removes it with the `=`.
                    lines[last].octets += [0x0D, 0x0A] + bytes
                } else if isBase64, bytes.allSatisfy(Self.isBase64) {
                    // vCard 2.1's base64 value, on lines of its own up to a blank line.
                    lines[last].octets += bytes
                } else {
                    lines.append((bytes, start, next))
                    isBase64 = Self.isBase64Property(bytes)
                    continue
                }
                lines[last].end = next
            } else {
                lines.append((bytes, start, next))
                isBase64 = Self.isBase64Property(bytes)
            }
        }
        return lines.map { line in
            (String(decoding: line.octets, as: UTF8.self), String(decoding: utf8[line.start..<line.end], as: UTF8.self))
        }
    }

    /// Whether `octet` is one of base64's.
    private static func isBase64(_ octet: UInt8) -> Bool {
        switch octet {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// Whether `line` starts a vCard 2.1 base64 value (`ENCODING=BASE64`, or a bare `BASE64`).
    private static func isBase64Property(_ line: [UInt8]) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("BASE64")
    }

    /// Whether `line` is a quoted-printable value (vCard 2.1, `ENCODING=QUOTED-PRINTABLE`) whose
    /// last `=` is a soft line break.
    private static func endsInSoftBreak(_ line: [UInt8]) -> Bool {
        guard line.last == UInt8(ascii: "="), let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }

    /// One content line read: its group, name, parameters and value; `nil` if it has no `:` after
    /// a name. A `:` inside a quoted parameter value does not end the parameters.
    private static func property(_ line: String) -> Property? {
        let scalars = line.unicodeScalars
        var isQuoted = false
        guard
            let colon = scalars.firstIndex(where: { scalar in
                if scalar == "\"" { isQuoted.toggle() }
                return scalar == ":" && !isQuoted
            })
        else { return nil }
        let head = String(scalars[..<colon])
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
            value: String(scalars[scalars.index(after: colon)...]))
    }

    // MARK: - Reading

    /// The first property named `name`, if any.
    public func first(_ name: String) -> Property? {
        properties.first { $0.name == name.uppercased() }
    }

    /// The first `name` property's value as text, unescaped; `nil` when the card has none.
    public func text(_ name: String) -> String? {
        first(name).map(\.text)
    }

    /// The version the card says it is (`3.0`, `4.0`), if it says.
    public var version: String? { text("VERSION") }

    /// The index of the `name` property the card prefers, among those `matching`: the lowest
    /// `PREF` (vCard 4, 1 the most preferred), else one typed `pref` (vCard 3), else the first.
    ///
    /// ```swift
    /// card.preferred("EMAIL").map { card.properties[$0].value }   // the address marked PREF=1
    /// ```
    public func preferred(_ name: String, matching: (Property) -> Bool = { _ in true }) -> Int? {
        let candidates = properties.indices.filter {
            properties[$0].name == name.uppercased() && matching(properties[$0])
        }
        let ranked = candidates.compactMap { index -> (Int, Int)? in
            guard let rank = properties[index].parameter("PREF").compactMap({ Int($0) }).min() else { return nil }
            return (rank, index)
        }
        if let best = ranked.min(by: { $0.0 < $1.0 }) { return best.1 }
        return candidates.first { properties[$0].hasType("pref") } ?? candidates.first
    }

    // MARK: - Writing

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
    /// or an empty value. A value the property already has changes nothing, not even its line.
    public mutating func setValue(at index: Int?, _ name: String, _ value: String?, parameters: String = "") {
        guard let value, !value.isEmpty else {
            if let index { properties.remove(at: index) }
            return
        }
        if let index {
            guard properties[index].value != value else { return }
            if properties[index].isQuotedPrintable {
                // The new value is written as it is: vCard 2.1's encoding and charset go.
                properties[index].parameters = Self.split(properties[index].parameters, on: ";").filter { parameter in
                    let upper = parameter.uppercased()
                    return !upper.hasPrefix("ENCODING=") && !upper.hasPrefix("CHARSET=") && upper != "QUOTED-PRINTABLE"
                }.joined(separator: ";")
            }
            properties[index].value = value
        } else {
            properties.append(Property(name: name, parameters: parameters, value: value))
        }
    }

    /// The card as text: the lines that came with the card as they came, octet for octet, line
    /// ends and all; the others folded at 75 octets, each ended as the card's first line is.
    public var serialized: String {
        var text = before + begin
        if begin.utf8.last != 0x0A { text += lineEnd }
        for property in properties { text += property.written(lineEnd: lineEnd) }
        return text + end
    }

    /// `line` folded into lines of at most 75 octets, each continuation starting with a space
    /// after `lineEnd`: between characters, and inside one only when it alone is longer than a
    /// line (then between its Unicode scalars, never inside one's UTF-8).
    static func folded(_ line: String, lineEnd: String = "\r\n") -> String {
        var result = ""
        var octets = 0
        func append<Piece: StringProtocol>(_ piece: Piece, size: Int) {
            if octets + size > 75 {
                result += lineEnd + " "
                octets = 1
            }
            result += piece
            octets += size
        }
        for character in line {
            let size = character.utf8.count
            if size <= 74 {
                append(String(character), size: size)
            } else {
                for scalar in character.unicodeScalars { append(String(scalar), size: scalar.utf8.count) }
            }
        }
        return result
    }

    // MARK: - Text values

    /// A text as a vCard value: `\`, `,`, `;` escaped, a line break as `\n`.
    ///
    /// ```swift
    /// VCard.escaped("Roe, Jane")   // "Roe\\, Jane"
    /// ```
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A vCard value as text: `\n` (or `\N`) a line break, any other escaped character itself.
    public static func unescaped(_ value: String) -> String {
        var result = ""
        var isEscaped = false
        for scalar in value.unicodeScalars {
            if isEscaped {
                result.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                isEscaped = false
            } else if scalar == "\\" {
                isEscaped = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A quoted-printable value decoded: `=XX` an octet, `=` before a line break nothing; the
    /// octets read as UTF-8, or as Latin-1 where they are not UTF-8.
    static func quotedPrintableDecoded(_ value: String) -> String {
        var octets: [UInt8] = []
        var input = Array(value.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "=") else {
                octets.append(byte)
                continue
            }
            if input.starts(with: [0x0D, 0x0A]) {
                input = input.dropFirst(2)
            } else if input.first == 0x0A {
                input = input.dropFirst()
            } else if input.count >= 2, let octet = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) {
                octets.append(octet)
                input = input.dropFirst(2)
            } else {
                octets.append(byte)
            }
        }
        return String(validating: octets, as: UTF8.self) ?? String(octets.map { Character(Unicode.Scalar($0)) })
    }

    /// The values of a list (`NICKNAME:Ada,Enchantress`, `CATEGORIES`), each unescaped: split at
    /// the commas that are not escaped.
    ///
    /// ```swift
    /// VCard.listed("Ada,The Enchantress\\, of numbers")   // ["Ada", "The Enchantress, of numbers"]
    /// ```
    public static func listed(_ value: String) -> [String] {
        split(value, on: ",", escapes: true).map(unescaped)
    }

    /// The components of a structured value (`N:Roe;Jane;;Dr.;`), each unescaped: split at the
    /// semicolons that are not escaped.
    ///
    /// ```swift
    /// VCard.components("Roe;Jane;;Dr\\;s;")   // ["Roe", "Jane", "", "Dr;s", ""]
    /// ```
    public static func components(_ value: String) -> [String] {
        split(value, on: ";", escapes: true).map(unescaped)
    }

    /// `text` split at each `separator` outside double quotes (and, with `escapes`, not after a
    /// backslash), at most `limit` times.
    static func split(
        _ text: String, on separator: Unicode.Scalar, limit: Int = .max, escapes: Bool = false
    )
        -> [String]
    {
        var parts = [""]
        var (isQuoted, isEscaped) = (false, false)
        for scalar in text.unicodeScalars {
            defer { isEscaped = escapes && !isEscaped && scalar == "\\" }
            if scalar == "\"", !escapes { isQuoted.toggle() }
            if scalar == separator, !isQuoted, !isEscaped, parts.count <= limit {
                parts.append("")
            } else {
                parts[parts.count - 1].unicodeScalars.append(scalar)
            }
        }
        return parts
    }
}

extension String {
    /// The text without the double quotes around it, if it has them.
    fileprivate var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
