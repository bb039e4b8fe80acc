/// Keeping a view model's property equal to a selection.
extension Stored {
    /// Sets `object[keyPath: keyPath]` to the current value now, then to each new value, on the
    /// main actor, without keeping `object` alive.
    ///
    /// Works with `@Observable` view models, so views observing the property update as on
    /// any other change. The view model keeps the returned token; when the view model goes,
    /// the token goes and the binding ends.
    ///
    /// ```swift
    /// @MainActor @Observable
    /// final class DetailViewModel {
    ///     var isRegion = true
    ///     @ObservationIgnored private var subscriptions: [StoreSubscription] = []
    ///
    ///     init(_ service: Serving) {
    ///         subscriptions.append(service.appState.stored(\.field.isRegion).bind(to: \.isRegion, on: self))
    ///     }
    /// }
    /// ```
    @MainActor
    public func bind<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root
    ) -> StoreSubscription {
        object[keyPath: keyPath] = value
        weak let target = object
        let task = Task { @MainActor in
            for await newValue in self {
                guard let target else { return }
                if target[keyPath: keyPath] != newValue {
                    target[keyPath: keyPath] = newValue
                }
            }
        }
        return StoreSubscription { task.cancel() }
    }
}
