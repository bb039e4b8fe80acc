import Persons
import PersonsReplay
import Pure

/// The lists' pages and side reads (the counts) of a replay: those a recording kept
/// (``RecordedPages``) answered as recorded for the call that reads them, every other page from
/// `base`, the worker holding the people the recording showed. The call is the replay's own, numbered by the journal of the vessel it
/// reads for (see `CallContext`), in the order of the recorded calls.
struct ReplayedLists: ListDBWork {
    let base: any ListDBWork
    let pages: RecordedPages

    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        if let call = CallContext.sequence, let page = pages.answer(request, atCall: call) { return page }
        return try await base.readMetas(request)
    }

    func countPeople() async throws(Fizzle) -> [ListFilter: [String: Int]] {
        try await base.countPeople()
    }

    /// A side read, within a recorded call, is answered as the recording kept it, or, where it
    /// kept none yet, as the app state starts: the value had not changed then (a journal older
    /// than the read never changed it). Never from the people held, who are not everyone.
    func readSide(_ read: any SideReading) async throws(Fizzle) -> any Sendable {
        guard let call = CallContext.sequence,
            let value = (pages.side(read.name, atCall: call) ?? read.value(in: Roger())).flatMap(read.decoded)
        else { return try await base.readSide(read) }
        return value
    }
}
