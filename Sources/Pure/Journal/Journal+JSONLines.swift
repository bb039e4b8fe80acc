extension Journal {
    /// The kept entries as JSON lines, oldest first: one object per entry with its sequence
    /// number, use case, function, kind, time, duration, counts and changes. For a bug report.
    ///
    /// ```swift
    /// print(journal.jsonLines())
    /// // {"sequence":1,"useCase":"ApplyRegionAction","function":"applyRegionAction(_:)","kind":"update",
    /// //  "time":1795000000.25,"durationMicroseconds":3.1,"selectionsChanged":1,"subscribersTold":2,
    /// //  "changes":[{"path":"field.isRegion","old":"true","new":"false"}],"omitted":0}
    /// ```
    public func jsonLines() -> String {
        entries.map(\.jsonLine).joined(separator: "\n")
    }
}

extension JournalEntry {
    /// The entry as one line of JSON (see ``Journal/jsonLines()``).
    public var jsonLine: String {
        let difference = difference
        let changes = difference.changes.map { change in
            "{\"path\":\(json(change.path)),\"old\":\(json(change.old)),\"new\":\(json(change.new))}"
        }
        let kind =
            switch origin.kind {
            case .update: "\"kind\":\"update\""
            case .restore(let sequence): "\"kind\":\"restore\",\"restoredTo\":\(sequence)"
            }
        let microseconds = duration / .microseconds(1)
        return
            "{\"sequence\":\(sequence),\"useCase\":\(json(useCase)),\"function\":\(json(origin.function.description)),"
            + "\(kind),\"time\":\(time),\"durationMicroseconds\":\(microseconds),"
            + "\"selectionsChanged\":\(selectionsChanged),\"subscribersTold\":\(subscribersTold),"
            + "\"changes\":[\(changes.joined(separator: ","))],\"omitted\":\(difference.omitted)}"
    }
}

/// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
private func json(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
            let hex = String(scalar.value, radix: 16)
            literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}
