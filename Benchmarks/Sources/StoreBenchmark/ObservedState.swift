import Observation

/// ``BenchState`` as an app on Apple's Observation would hold it, the way SwiftUI wants it: one
/// `@Observable` class per group, so that a view reading `model.field.isRegion` is told about
/// that field alone. This is Observation at its most fine-grained; a single `@Observable`
/// holding the whole struct would tell every view about every change.
@Observable final class ObservedState {
    @Observable final class Sys {
        var last = 0
        var progress = 0
        var launches = 0
        var isSyncing = false
        var message = ""
        var version = 0
    }
    @Observable final class Route {
        var uis = ""
        var page = 0
        var tab = 0
        var isDetail = false
        var depth = 0
        var anchor = ""
    }
    @Observable final class Query {
        var search = ""
        var region = ""
        var total = 0
        var pageSize = 100
        var sort = 0
        var isGrouped = true
        var revision = 0
    }
    @Observable final class Field {
        var isRegion = true
        var isUsername = true
        var isDark = false
        var fontScale = 100
        var locale = "en"
        var isCompact = false
    }
    let sys = Sys()
    let route = Route()
    let query = Query()
    let field = Field()
}

/// One field of ``ObservedState``, in the order of `BenchField.all`.
@MainActor enum ObservedField {
    case int(ReferenceWritableKeyPath<ObservedState, Int>)
    case bool(ReferenceWritableKeyPath<ObservedState, Bool>)
    case string(ReferenceWritableKeyPath<ObservedState, String>)

    /// Every field, in the order of `BenchField.all`.
    static let all: [ObservedField] = [
        .int(\.sys.last), .int(\.sys.progress), .int(\.sys.launches), .bool(\.sys.isSyncing),
        .string(\.sys.message), .int(\.sys.version),
        .string(\.route.uis), .int(\.route.page), .int(\.route.tab), .bool(\.route.isDetail),
        .int(\.route.depth), .string(\.route.anchor),
        .string(\.query.search), .string(\.query.region), .int(\.query.total), .int(\.query.pageSize),
        .int(\.query.sort), .bool(\.query.isGrouped), .int(\.query.revision),
        .bool(\.field.isRegion), .bool(\.field.isUsername), .bool(\.field.isDark), .int(\.field.fontScale),
        .string(\.field.locale), .bool(\.field.isCompact),
    ]

    private static let texts = (0..<1_000).map { "v\($0)" }

    /// Reads the field (inside `withObservationTracking`, this is what registers interest).
    func read(_ state: ObservedState) {
        switch self {
        case .int(let keyPath): _ = state[keyPath: keyPath]
        case .bool(let keyPath): _ = state[keyPath: keyPath]
        case .string(let keyPath): _ = state[keyPath: keyPath]
        }
    }

    /// Changes the field so that it differs from before, as `BenchField.change` does.
    func change(_ state: ObservedState, step: Int) {
        switch self {
        case .int(let keyPath): state[keyPath: keyPath] += 1
        case .bool(let keyPath): state[keyPath: keyPath].toggle()
        case .string(let keyPath): state[keyPath: keyPath] = Self.texts[step % Self.texts.count]
        }
    }
}
