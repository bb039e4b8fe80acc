import NIOConcurrencyHelpers

/// The open pages of one live address, fed by one watcher: the first page to open starts it, the
/// last to close ends its triggers, which stops it (and so releases what it watched). Each change
/// is rendered and encoded once, and written to every open page's connection by one task per
/// event loop (see ``LiveOutput``): a page costs its connection and its socket's task, which
/// waits without waking; never a wake-up or a subscription of its own. A page that opens gets
/// every part as it is. Its pages are pinged when ``LiveHubs``' heartbeat calls ``beat()``.
///
/// All rendering happens in the watcher, one trigger after another, from the state as it is at
/// that moment: what a page receives later is never older than what it received before.
final class LiveHub: Sendable {
    private enum Trigger: Sendable {
        case changed
        case opened
        case heartbeat
    }

    private struct Pages {
        var open: [ObjectIdentifier: LiveOutput] = [:]
        var fresh: [LiveOutput] = []
        /// The parts whose input changed since the watcher last rendered: the changes that come
        /// while it renders are rendered together, and sent to each page in one write.
        var changed: Set<Int> = []
        var triggers: AsyncStream<Trigger>.Continuation?
    }

    /// The screen every open page of the address shares.
    let screen: any LiveScreen
    private let pages = NIOLockedValueBox(Pages())
    /// Where its watcher is counted while it runs.
    private let counts: LiveCounts

    /// A hub for `screen`, its watcher counted in `counts` while it runs.
    init(_ screen: any LiveScreen, counts: LiveCounts) {
        self.screen = screen
        self.counts = counts
    }

    /// How many pages are open.
    var count: Int { pages.withLockedValue { $0.open.count } }

    /// Opens a page: `output` receives every part now, then each change.
    func open(_ output: LiveOutput) {
        let start: AsyncStream<Trigger>? = pages.withLockedValue { pages in
            pages.open[ObjectIdentifier(output)] = output
            pages.fresh.append(output)
            if let triggers = pages.triggers {
                triggers.yield(.opened)
                return nil
            }
            let (stream, triggers) = AsyncStream.makeStream(of: Trigger.self)
            pages.triggers = triggers
            // Changes a stopped watcher never took: the new one reads every part anyway.
            pages.changed = []
            triggers.yield(.opened)
            return stream
        }
        if let start {
            Task { await self.run(start) }
        }
    }

    /// Pings every open page, in turn with the changes the watcher sends: a connection that died
    /// quietly is noticed.
    func beat() {
        pages.withLockedValue { _ = $0.triggers?.yield(.heartbeat) }
    }

    /// Closes a page; the last one ends the watcher's triggers, which stops it.
    func close(_ output: LiveOutput) {
        output.finish()
        pages.withLockedValue { pages in
            pages.open[ObjectIdentifier(output)] = nil
            pages.fresh.removeAll { $0 === output }
            guard pages.open.isEmpty else { return }
            pages.triggers?.finish()
            pages.triggers = nil
        }
    }

    // MARK: - The watcher

    private func run(_ triggers: AsyncStream<Trigger>) async {
        counts.watcherStarted()
        defer { counts.watcherStopped() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [screen, pages] in
                await screen.watchChanges { part in
                    // One trigger for the changes that come until the watcher takes them.
                    pages.withLockedValue { pages in
                        if pages.changed.isEmpty { pages.triggers?.yield(.changed) }
                        pages.changed.insert(part)
                    }
                }
            }
            var sent: [String: Sent] = [:]
            for await next in triggers {
                handle(next, sent: &sent)
            }
            group.cancelAll()
        }
    }

    /// A part as every open page was sent it last, and the number of the change it showed.
    private typealias Sent = (fragment: Fragment, number: Int)

    /// Sends what `trigger` calls for. `sent` is each part as every open page was sent it last:
    /// a change sends only the parts that differ from it, each as an edit of it when that is
    /// shorter (see ``LiveEvent``), to the pages open before it; a page that opens is sent every
    /// part whole, as the others have it.
    private func handle(_ trigger: Trigger, sent: inout [String: Sent]) {
        switch trigger {
        case .changed:
            let parts = pages.withLockedValue { pages in
                defer { pages.changed = [] }
                return pages.changed.sorted()
            }
            let events = Self.changes(parts.flatMap(screen.fragments(for:)), sent: &sent)
            guard !events.isEmpty else { return }
            // Not to the pages that opened since the last `.opened`: they have none of the parts
            // an edit edits, and are sent every part next, with this change.
            LiveOutput.deliver(events, to: pages.withLockedValue { Self.older($0) })
        case .opened:
            let (fresh, older) = pages.withLockedValue { pages in
                defer { pages.fresh = [] }
                return (pages.fresh, Self.older(pages))
            }
            guard !fresh.isEmpty else { return }
            // The pages open before are brought to the parts as they are now, then the new ones
            // are sent them whole: every open page has `sent`, and what it shows is current.
            let fragments = screen.allFragments()
            LiveOutput.deliver(Self.changes(fragments, sent: &sent), to: older)
            let shown = Set(fragments.map(\.id))
            sent = sent.filter { shown.contains($0.key) }
            LiveOutput.deliver(
                fragments.compactMap { sent[$0.id] }.map { LiveEvent(fragment: $0.fragment, number: $0.number) },
                to: fresh)
        case .heartbeat:
            LiveOutput.deliver([.heartbeat], to: pages.withLockedValue { Array($0.open.values) })
        }
    }

    /// The events of the `fragments` that differ from what was `sent`, which becomes them, under
    /// the number of a new change.
    private static func changes(_ fragments: [Fragment], sent: inout [String: Sent]) -> [LiveEvent] {
        var number: Int?
        var events: [LiveEvent] = []
        for fragment in fragments where sent[fragment.id]?.fragment != fragment {
            let next = number ?? LiveEvent.nextNumber()
            number = next
            let base = sent[fragment.id].map { (html: $0.fragment.html, number: $0.number) }
            events.append(LiveEvent(fragment: fragment, number: next, after: base))
            sent[fragment.id] = (fragment, next)
        }
        return events
    }

    /// The outputs of the pages open before the ones that wait for every part.
    private static func older(_ pages: Pages) -> [LiveOutput] {
        guard !pages.fresh.isEmpty else { return Array(pages.open.values) }
        let fresh = Set(pages.fresh.map(ObjectIdentifier.init))
        return pages.open.filter { !fresh.contains($0.key) }.map(\.value)
    }
}
