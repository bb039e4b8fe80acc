import Pure

/// The live parts of a screen over a store, as its hub serves them: each part watched on its
/// own, and re-rendered when what it reads changes.
///
/// The parts are the `LivePart` properties of the screen's declaration (`HomeParts`), found
/// once by reflection: a part declared there is live, with nothing to add anywhere else.
struct LiveParts<State: Equatable & Sendable>: LiveScreen {
    let store: Store<State>
    let parts: [any AnyLivePart<State>]

    /// The parts declared as properties of `declaration`.
    static func declared(in declaration: Any) -> [any AnyLivePart<State>] {
        Mirror(reflecting: declaration).children.compactMap { $0.value as? any AnyLivePart<State> }
    }

    /// Sends the index of each part whose input changed, starting with every part.
    func watchChanges(_ send: @escaping @Sendable (Int) -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for (index, part) in parts.enumerated() {
                group.addTask { [store] in await part.watch(store) { send(index) } }
            }
        }
    }

    /// The part at `index`, as the state is now.
    func fragments(for index: Int) -> [Fragment] {
        [parts[index].fragment(store.value)]
    }

    /// Every part, as the state is now.
    func allFragments() -> [Fragment] {
        let state = store.value
        return parts.map { $0.fragment(state) }
    }
}
