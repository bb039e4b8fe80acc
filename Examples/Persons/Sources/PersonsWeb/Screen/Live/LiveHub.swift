import NIOCore
import Synchronization

/// The open pages of one screen, fed by one watcher: the first page to open starts it, the last
/// to close ends its triggers, which stops it (and so releases what it watched). Each change is
/// rendered and encoded once, and written to every open page's connection by one task per event
/// loop (see ``LiveOutput``): a page costs its connection and its request's task, which waits
/// without waking; never a wake-up or a subscription of its own. A page that opens gets every
/// part as it is.
///
/// All rendering happens in the watcher, one trigger after another, from the state as it is at
/// that moment: what a page receives later is never older than what it received before.
final class LiveHub<Screen: LiveScreen>: Sendable {
    private enum Trigger: Sendable {
        case change(Screen.Change)
        case opened
        case heartbeat
    }

    private struct Pages {
        var open: [ObjectIdentifier: LiveOutput] = [:]
        var fresh: [LiveOutput] = []
        var triggers: AsyncStream<Trigger>.Continuation?
    }

    let screen: Screen
    private let pages = Mutex(Pages())

    init(_ screen: Screen) {
        self.screen = screen
    }

    /// How many pages are open.
    var count: Int { pages.withLock { $0.open.count } }

    /// Opens a page: its output receives every part now, then each change.
    func open() -> LiveOutput {
        let output = LiveOutput()
        let start: (AsyncStream<Trigger>, AsyncStream<Trigger>.Continuation)? = pages.withLock { pages in
            pages.open[ObjectIdentifier(output)] = output
            pages.fresh.append(output)
            if let triggers = pages.triggers {
                triggers.yield(.opened)
                return nil
            }
            let (stream, triggers) = AsyncStream.makeStream(of: Trigger.self)
            pages.triggers = triggers
            triggers.yield(.opened)
            return (stream, triggers)
        }
        if let (stream, triggers) = start {
            Task { await self.run(stream, triggers) }
        }
        return output
    }

    /// Closes a page; the last one ends the watcher's triggers, which stops it.
    func close(_ output: LiveOutput) {
        output.finish()
        pages.withLock { pages in
            pages.open[ObjectIdentifier(output)] = nil
            pages.fresh.removeAll { $0 === output }
            guard pages.open.isEmpty else { return }
            pages.triggers?.finish()
            pages.triggers = nil
        }
    }

    // MARK: - The watcher

    private func run(_ triggers: AsyncStream<Trigger>, _ trigger: AsyncStream<Trigger>.Continuation) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [screen] in
                await screen.watchChanges { trigger.yield(.change($0)) }
            }
            group.addTask {
                while (try? await Task.sleep(for: LiveHub.heartbeat)) != nil {
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
        case .change(let change):
            let changed = screen.fragments(for: change).filter { sent[$0.id] != $0 }
            for fragment in changed { sent[fragment.id] = fragment }
            guard !changed.isEmpty else { return }
            Self.deliver(changed.map { LiveEvent(fragment: $0, number: number) }, to: openOutputs)
        case .opened:
            let (fresh, onlyFresh) = pages.withLock { pages in
                defer { pages.fresh = [] }
                return (pages.fresh, pages.fresh.count == pages.open.count)
            }
            guard !fresh.isEmpty else { return }
            let fragments = screen.allFragments()
            // When every open page gets these parts now, they are what every page was sent; with
            // pages open before, `sent` stays theirs (they may not have these parts yet).
            if onlyFresh { sent = Dictionary(fragments.map { ($0.id, $0) }) { _, newest in newest } }
            Self.deliver(fragments.map { LiveEvent(fragment: $0, number: number) }, to: fresh)
        case .heartbeat:
            Self.deliver([LiveEvent(fragment: .heartbeat, number: number)], to: openOutputs)
        }
    }

    /// The outputs of the pages open now.
    private var openOutputs: [LiveOutput] { pages.withLock { Array($0.open.values) } }

    /// Hands `events` to `outputs`: one task on each event loop writes them to all of that
    /// loop's pages, instead of a task and a wake-up per page. A page whose response has not
    /// started yet queues them.
    private static func deliver(_ events: [LiveEvent], to outputs: [LiveOutput]) {
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, outputs: [LiveOutput])] = [:]
        for output in outputs {
            guard let loop = output.eventLoop else {
                output.deliver(events)
                continue
            }
            byLoop[ObjectIdentifier(loop), default: (loop, [])].outputs.append(output)
        }
        for (loop, outputs) in byLoop.values {
            loop.execute {
                for output in outputs { output.deliver(events) }
            }
        }
    }

    /// How often an idle page gets a comment line, so that a connection that died quietly is
    /// noticed.
    static var heartbeat: Duration { .seconds(15) }
}
