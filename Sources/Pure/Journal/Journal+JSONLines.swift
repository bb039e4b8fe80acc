extension Journal {
    /// The kept entries and calls as JSON lines, in the order they started: one object per entry
    /// with its sequence number, use case, function, kind, call, time, duration, counts and
    /// changes; one per call (`"kind":"call"`) with its use case, arguments, the states it
    /// started from and ended in (when the state is `Encodable`) and how it ended. For a bug report, and for
    /// PureReplay's `JournalFile` to read back.
    ///
    /// ```swift
    /// print(journal.jsonLines())
    /// // {"arguments":[{"json":false,"source":"false"}],"before":{...},"kind":"call",
    /// //  "outcome":{"returned":null},"sequence":1,"signature":{...},"time":1795000000.25,
    /// //  "useCase":"applyRegionAction"}
    /// // {"sequence":1,"useCase":"ApplyRegionAction","function":"applyRegionAction(_:)","kind":"update",
    /// //  "call":1,"time":1795000000.25,"durationMicroseconds":3.1,"selectionsChanged":1,"subscribersTold":2,
    /// //  "changes":[{"path":"field.isRegion","old":"true","new":"false"}],"omitted":0}
    /// ```
    public func jsonLines() -> String {
        let (entries, calls) = book.withLock { ($0.entries.ordered, $0.calls.ordered) }
        var lines: [String] = []
        var next = calls.startIndex
        for entry in entries {
            while next < calls.endIndex, calls[next].time <= entry.time {
                lines.append(calls[next].jsonLine)
                next += 1
            }
            lines.append(entry.jsonLine)
        }
        return (lines + calls[next...].map(\.jsonLine)).joined(separator: "\n")
    }
}

extension JournalCall {
    /// The call as one line of JSON (see ``Journal/jsonLines()``), keys sorted.
    public var jsonLine: String {
        let outcome: JSONValue =
            switch outcome {
            case .running: .string("running")
            case .returned(let value): .object(["returned": value ?? .null])
            case .threw(let error): .object(["threw": .string(error)])
            }
        let line: JSONValue = .object([
            "kind": .string("call"), "sequence": .number(Double(sequence)), "useCase": .string(useCase),
            "arguments": .array(arguments.map { .object(["source": .string($0.source), "json": $0.json]) }),
            "signature": .object([
                "async": .bool(signature.isAsync), "throws": .bool(signature.canThrow),
                "returns": .bool(signature.returnsValue),
            ]),
            "time": .number(time), "outcome": outcome,
            "before": Self.json(before), "after": after.map(Self.json) ?? .null,
        ])
        return line.description
    }

    /// A state as JSON, when it is `Encodable`; `null` otherwise.
    private static func json(_ state: State) -> JSONValue {
        (state as? any Encodable).flatMap { try? JSONValue(encoding: $0) } ?? .null
    }
}

extension JournalEntry {
    /// The entry as one line of JSON (see ``Journal/jsonLines()``).
    public var jsonLine: String {
        let difference = difference
        let changes = difference.changes.map { change in
            "{\"path\":\(Quoted.json(change.path)),\"old\":\(Quoted.json(change.old)),\"new\":\(Quoted.json(change.new))}"
        }
        let kind =
            switch origin.kind {
            case .update: "\"kind\":\"update\""
            case .restore(let sequence): "\"kind\":\"restore\",\"restoredTo\":\(sequence)"
            }
        let microseconds = duration / .microseconds(1)
        return
            "{\"sequence\":\(sequence),\"useCase\":\(Quoted.json(useCase)),\"function\":\(Quoted.json(origin.function.description)),"
            + "\(kind),\(call.map { "\"call\":\($0)," } ?? "")\"time\":\(time),\"durationMicroseconds\":\(microseconds),"
            + "\"selectionsChanged\":\(selectionsChanged),\"subscribersTold\":\(subscribersTold),"
            + "\"changes\":[\(changes.joined(separator: ","))],\"omitted\":\(difference.omitted)}"
    }
}
