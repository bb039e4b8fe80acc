import Observation
import Pure
import Testing

@MainActor @Observable
final class RegionViewModel {
    var isRegion = false
    var count = -1
    @ObservationIgnored var subscriptions: [StoreSubscription] = []

    init(_ appState: Store<AppModel>) {
        subscriptions.append(appState.stored(\.field.isRegion).bind(to: \.isRegion, on: self))
        subscriptions.append(appState.stored { $0.sys.count }.bind(to: \.count, on: self))
    }
}

@Suite("Binding into @Observable view models")
@MainActor
struct BindTests {
    @Test("the property takes the current value at once, then follows changes")
    func bindFollowsChanges() async {
        let storage = MutableStore(AppModel())
        let model = RegionViewModel(storage.store)
        #expect(model.isRegion == true)
        #expect(model.count == 0)
        storage.update { $0.field.isRegion = false }
        await waitFor { model.isRegion == false }
        #expect(model.isRegion == false)
    }

    @Test("observers of the view model are told about bound changes")
    func observationSeesBoundChanges() async {
        let storage = MutableStore(AppModel())
        let model = RegionViewModel(storage.store)
        let observed = Collected<Bool>()
        withObservationTracking {
            _ = model.count
        } onChange: {
            observed.append(true)
        }
        storage.update { $0.sys.count = 3 }
        await waitFor { model.count == 3 }
        #expect(observed.all == [true])
    }

    @Test("a binding does not keep its view model alive, and ends with it")
    func bindingDoesNotRetain() async {
        let storage = MutableStore(AppModel())
        weak var released: RegionViewModel?
        do {
            let model = RegionViewModel(storage.store)
            released = model
            await waitFor { storage.store.subscriptionCount == 2 }
        }
        #expect(released == nil)
        await waitFor { storage.store.subscriptionCount == 0 }
        #expect(storage.store.subscriptionCount == 0)
    }
}
