import OpenCombine
import Pure

// Scenario (b) selects each field with a closure written at the `stored` call site, as apps
// write them (`appState.stored { $0.field.isRegion }`). Closures kept in a table and passed on
// would be wrapped in reabstraction thunks that copy the whole state on every call, a cost
// neither store would have in an app. Field order is `BenchField.all`.

extension Store where State == BenchState {
    /// A new closure selection of field `field`, subscribed with `receive`.
    func subscribeByClosure(field: Int, _ receive: @escaping @Sendable () -> Void) -> StoreSubscription {
        func tally<Value>(_ stored: Stored<Value>) -> StoreSubscription { stored.subscribe { _ in receive() } }
        switch field {
        case 0: return tally(stored { $0.sys.last })
        case 1: return tally(stored { $0.sys.progress })
        case 2: return tally(stored { $0.sys.launches })
        case 3: return tally(stored { $0.sys.isSyncing })
        case 4: return tally(stored { $0.sys.message })
        case 5: return tally(stored { $0.sys.version })
        case 6: return tally(stored { $0.route.uis })
        case 7: return tally(stored { $0.route.page })
        case 8: return tally(stored { $0.route.tab })
        case 9: return tally(stored { $0.route.isDetail })
        case 10: return tally(stored { $0.route.depth })
        case 11: return tally(stored { $0.route.anchor })
        case 12: return tally(stored { $0.query.search })
        case 13: return tally(stored { $0.query.region })
        case 14: return tally(stored { $0.query.total })
        case 15: return tally(stored { $0.query.pageSize })
        case 16: return tally(stored { $0.query.sort })
        case 17: return tally(stored { $0.query.isGrouped })
        case 18: return tally(stored { $0.query.revision })
        case 19: return tally(stored { $0.field.isRegion })
        case 20: return tally(stored { $0.field.isUsername })
        case 21: return tally(stored { $0.field.isDark })
        case 22: return tally(stored { $0.field.fontScale })
        case 23: return tally(stored { $0.field.locale })
        default: return tally(stored { $0.field.isCompact })
        }
    }
}

extension ArticleStore {
    /// A new closure selection of field `field`, subscribed with `receive`.
    func subscribeByClosure(field: Int, _ receive: @escaping () -> Void) -> AnyCancellable {
        func tally<Value>(_ stored: AnyPublisher<Value, Never>) -> AnyCancellable { stored.sink { _ in receive() } }
        switch field {
        case 0: return tally(stored { $0.sys.last })
        case 1: return tally(stored { $0.sys.progress })
        case 2: return tally(stored { $0.sys.launches })
        case 3: return tally(stored { $0.sys.isSyncing })
        case 4: return tally(stored { $0.sys.message })
        case 5: return tally(stored { $0.sys.version })
        case 6: return tally(stored { $0.route.uis })
        case 7: return tally(stored { $0.route.page })
        case 8: return tally(stored { $0.route.tab })
        case 9: return tally(stored { $0.route.isDetail })
        case 10: return tally(stored { $0.route.depth })
        case 11: return tally(stored { $0.route.anchor })
        case 12: return tally(stored { $0.query.search })
        case 13: return tally(stored { $0.query.region })
        case 14: return tally(stored { $0.query.total })
        case 15: return tally(stored { $0.query.pageSize })
        case 16: return tally(stored { $0.query.sort })
        case 17: return tally(stored { $0.query.isGrouped })
        case 18: return tally(stored { $0.query.revision })
        case 19: return tally(stored { $0.field.isRegion })
        case 20: return tally(stored { $0.field.isUsername })
        case 21: return tally(stored { $0.field.isDark })
        case 22: return tally(stored { $0.field.fontScale })
        case 23: return tally(stored { $0.field.locale })
        default: return tally(stored { $0.field.isCompact })
        }
    }
}
