import Persons

/// The real database worker with its lists changed in one way, as a bug would change them: for a
/// test that a recorded session catches the change.
struct MutatedDB: PersonDBWork {
    /// How the lists are changed.
    enum Mutation: String, CaseIterable, Sendable {
        /// A search tells accented letters from plain ones ("zoe" no longer finds "Zoë").
        case searchKeepsAccents
        /// Every page lists its rows the other way round.
        case orderReversed
        /// The filters are ignored.
        case filterDropped
    }

    let base: any PersonDBWork
    let mutation: Mutation

    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        switch mutation {
        case .orderReversed:
            var page = try await base.readMetas(request)
            page.metas.reverse()
            return page
        case .filterDropped:
            var unfiltered = request
            unfiltered.criteria.filters = [:]
            return try await base.readMetas(unfiltered)
        case .searchKeepsAccents:
            var page = try await base.readMetas(request)
            let words = request.criteria.search.lowercased().split(separator: " ")
            guard !words.isEmpty else { return page }
            let kept = page.metas.filter { meta in
                let own = (meta.name + " " + meta.username).lowercased().split(separator: " ")
                return words.allSatisfy { word in own.contains { $0.hasPrefix(word) } }
            }
            page.total -= page.metas.count - kept.count
            page.metas = kept
            return page
        }
    }

    func readPerson(id: Person.ID) async throws(Fizzle) -> Person { try await base.readPerson(id: id) }

    func savePersons(
        _ batches: PersonBatches, expected: Int, recording plan: SyncPlan?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        try await base.savePersons(batches, expected: expected, recording: plan, progress: progress)
    }

    func editPerson(_ person: Person) async throws(Fizzle) -> Person { try await base.editPerson(person) }
    func addPerson(_ person: Person) async throws(Fizzle) { try await base.addPerson(person) }
    func deletePerson(id: Person.ID) async throws(Fizzle) { try await base.deletePerson(id: id) }
    func readAddressBook(for collection: String) async throws(Fizzle) -> AddressBookLinks {
        try await base.readAddressBook(for: collection)
    }
    func recordPush(_ push: CardPush) async throws(Fizzle) { try await base.recordPush(push) }
    func recordSetAside(_ id: Person.ID, reason: String) async throws(Fizzle) {
        try await base.recordSetAside(id, reason: reason)
    }
    func recordFirstExchange(
        with collection: String, pushes: [CardPush], setAside: [Person.ID: String], pull: AddressBookPull
    ) async throws(Fizzle) {
        try await base.recordFirstExchange(with: collection, pushes: pushes, setAside: setAside, pull: pull)
    }
    func settleHeldDeletions(accept: Bool) async throws(Fizzle) -> Int {
        try await base.settleHeldDeletions(accept: accept)
    }
    func recordExchange(_ exchange: AddressBookStatus.Exchange) async throws(Fizzle) {
        try await base.recordExchange(exchange)
    }
    func readAddressBookStatus() async throws(Fizzle) -> AddressBookStatus { try await base.readAddressBookStatus() }
    func readDeleted() async throws(Fizzle) -> [DeletedPerson] { try await base.readDeleted() }
    func restorePerson(id: Person.ID) async throws(Fizzle) -> Person { try await base.restorePerson(id: id) }
    func readConflicts(id: Person.ID) async throws(Fizzle) -> [PersonConflict] { try await base.readConflicts(id: id) }
    func resolveConflict(
        _ id: Person.ID, _ field: PersonField, keeping choice: PersonConflict.Choice
    ) async throws(Fizzle) -> Person {
        try await base.resolveConflict(id, field, keeping: choice)
    }
    func recordPull(_ pull: AddressBookPull, holding held: [Person.ID]) async throws(Fizzle) -> StoredPull {
        try await base.recordPull(pull, holding: held)
    }
    func readSyncPlan() async throws(Fizzle) -> SyncPlan? { try await base.readSyncPlan() }
    func photoAddresses() async throws(Fizzle) -> [String] { try await base.photoAddresses() }
    func countPersons() async throws(Fizzle) -> Int { try await base.countPersons() }
    func readSwitches() async throws(Fizzle) -> Switches { try await base.readSwitches() }
    func checkWritable() throws(Fizzle) { try base.checkWritable() }
    func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        try await base.saveSwitch(name, isOn: isOn)
    }
    func changes() -> AsyncStream<Void> { base.changes() }
    func fly(isWing: Bool) async throws(Fizzle) -> String { try await base.fly(isWing: isWing) }
}
