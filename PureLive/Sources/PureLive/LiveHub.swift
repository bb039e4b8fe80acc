import NIOConcurrencyHelpers

/// The open pages of one live address, fed by one watcher: the first page to open starts it, the
/// last to close ends its triggers, which stops it (and so releases what it watched). Each change
/// is rendered and encoded once, and written to every open page's connection by one task per
/// event loop (see ``LiveOutput``): a page costs its connection and its socket's task, which
/// waits without waking; never a wake-up or a subscription of its own. A page that opens gets
/// every part as it is.
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
    private let heartbeat: Duration
    private let pages = NIOLockedValueBox(Pages())
    /// Where its watcher is counted while it runs.
    private let counts: LiveCounts

    /// A hub for `screen`, telling idle pages it is alive every `heartbeat`, its watcher counted
    /// in `counts` while it runs.
    init(_ screen: any LiveScreen, heartbeat: Duration, counts: LiveCounts) {
        self.screen = screen
        self.heartbeat = heartbeat
        self.counts = counts
    }

    /// How many pages are open.
    var count: Int { pages.withLockedValue { $0.open.count } }

    /// Opens a page: `output` receives every part now, then each change.
    func open(_ output: LiveOutput) {
        let start: (AsyncStream<Trigger>, AsyncStream<Trigger>.Continuation)? = pages.withLockedValue { pages in
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
            return (stream, triggers)
        }
        if let (stream, triggers) = start {
            Task { await self.run(stream, triggers) }
        }
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

    private func run(_ triggers: AsyncStream<Trigger>, _ trigger: AsyncStream<Trigger>.Continuation) async {
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
            group.addTask { [heartbeat] in
                while (try? await Task.sleep(for: heartbeat)) != nil {
                    trigger.yield(.heartbeat)
                }
            }
            var sent: [String: Fragment] = [:]
            for await next in triggers {
                handle(next, sent: &sent)
            }
            group.cancelAll()
        }
    }

    /// Sends what `trigger` calls for. `sent` is the last fragment of each part every open page
    /// was sent: a change sends only the parts that differ from it.
    private func handle(_ trigger: Trigger, sent: inout [String: Fragment]) {
        let number = LiveEvent.nextNumber()
        switch trigger {
        case .changed:
            let parts = pages.withLockedValue { pages in
                defer { pages.changed = [] }
                return pages.changed.sorted()
            }
            let changed = parts.flatMap(screen.fragments(for:)).filter { sent[$0.id] != $0 }
            for fragment in changed { sent[fragment.id] = fragment }
            guard !changed.isEmpty else { return }
            LiveOutput.deliver(changed.map { LiveEvent(fragment: $0, number: number) }, to: openOutputs)
        case .opened:
            let (fresh, onlyFresh) = pages.withLockedValue { pages in
                defer { pages.fresh = [] }
                return (pages.fresh, pages.fresh.count == pages.open.count)
            }
            guard !fresh.isEmpty else { return }
            let fragments = screen.allFragments()
            // When every open page gets these parts now, they are what every page was sent; with
            // pages open before, `sent` stays theirs (they may not have these parts yet).
            if onlyFresh { sent = Dictionary(fragments.map { ($0.id, $0) }) { _, newest in newest } }
            LiveOutput.deliver(fragments.map { LiveEvent(fragment: $0, number: number) }, to: fresh)
        case .heartbeat:
            LiveOutput.deliver([.heartbeat], to: openOutputs)
        }
    }

    /// The outputs of the pages open now.
    private var openOutputs: [LiveOutput] { pages.withLockedValue { Array($0.open.values) } }
}
