import Persons

/// Every hub the server's live pages share: one for all home pages, one per person shown, one
/// per inspector filter.
struct LiveScreens: Sendable {
    let home: LiveHub<LiveParts<Roger>>
    let details = LiveHubs<Person.ID, LiveParts<Roger>>()
    let inspections = LiveHubs<String, InspectorViewModel>()
}
