/// A state shaped like the app's `Roger`: four groups, 25 fields of mixed types.
struct BenchState: Equatable, Sendable {
    struct Sys: Equatable, Sendable {
        var last = 0
        var progress = 0
        var launches = 0
        var isSyncing = false
        var message = ""
        var version = 0
    }
    struct Route: Equatable, Sendable {
        var uis = ""
        var page = 0
        var tab = 0
        var isDetail = false
        var depth = 0
        var anchor = ""
    }
    struct Query: Equatable, Sendable {
        var search = ""
        var region = ""
        var total = 0
        var pageSize = 100
        var sort = 0
        var isGrouped = true
        var revision = 0
    }
    struct Field: Equatable, Sendable {
        var isRegion = true
        var isUsername = true
        var isDark = false
        var fontScale = 100
        var locale = "en"
        var isCompact = false
    }
    var sys = Sys()
    var route = Route()
    var query = Query()
    var field = Field()
}

/// One field of ``BenchState``, typed, so both stores can select and change it.
enum BenchField: Sendable {
    case int(WritableKeyPath<BenchState, Int> & Sendable)
    case bool(WritableKeyPath<BenchState, Bool> & Sendable)
    case string(WritableKeyPath<BenchState, String> & Sendable)

    /// Every field, in group order: the order of the closures in `ClosureSelectors.swift`.
    static let all: [BenchField] = [
        .int(\.sys.last), .int(\.sys.progress), .int(\.sys.launches), .bool(\.sys.isSyncing),
        .string(\.sys.message), .int(\.sys.version),
        .string(\.route.uis), .int(\.route.page), .int(\.route.tab), .bool(\.route.isDetail),
        .int(\.route.depth), .string(\.route.anchor),
        .string(\.query.search), .string(\.query.region), .int(\.query.total), .int(\.query.pageSize),
        .int(\.query.sort), .bool(\.query.isGrouped), .int(\.query.revision),
        .bool(\.field.isRegion), .bool(\.field.isUsername), .bool(\.field.isDark), .int(\.field.fontScale),
        .string(\.field.locale), .bool(\.field.isCompact),
    ]

    /// Where the region switch is in ``all``.
    static let regionSwitch = 19

    /// Small strings for string fields, made once so updates do not format text.
    private static let texts = (0..<1_000).map { "v\($0)" }

    /// The index in ``all`` of the field subscriber `index` watches: as in a real app, half of
    /// all subscribers (list rows, every screen) watch the region switch; the others spread
    /// over every field.
    static func watched(by index: Int) -> Int {
        index.isMultiple(of: 2) ? regionSwitch : (index / 2) % all.count
    }

    /// Changes this field in `state`, so that it differs from before.
    func change(_ state: inout BenchState, step: Int) {
        switch self {
        case .int(let keyPath): state[keyPath: keyPath] += 1
        case .bool(let keyPath): state[keyPath: keyPath].toggle()
        case .string(let keyPath): state[keyPath: keyPath] = Self.texts[step % Self.texts.count]
        }
    }
}
