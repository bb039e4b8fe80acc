import Persons

/// Every hub the server's live pages share: one for all home pages, one per person shown, one
/// per inspector filter.
struct LiveScreens: Sendable {
    let home: LiveHub<HomeViewModel>
    let details = LiveHubs<Person.ID, DetailLiveScreen>()
    let inspections = LiveHubs<String, InspectorViewModel>()
}
