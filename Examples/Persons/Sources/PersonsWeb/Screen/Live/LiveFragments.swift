/// The fragments one open page receives while its view model watches the state, and the way
/// to stop them. Stopping ends the watching, which releases every subscription the view model
/// made. A heartbeat (a fragment with no id) every ``heartbeat`` lets a connection that died
/// quietly be noticed.
///
/// What waits to be written is at most one fragment per part of the page (see ``LiveOutput``),
/// so a page that reads slowly costs a bounded amount of memory and still ends up with every
/// part as it is now.
struct LiveFragments: Sendable {
    static let heartbeat = Duration.seconds(15)

    let output: LiveOutput
    let stop: @Sendable () -> Void

    /// Runs `watch` in a task that sends into ``output`` until it ends or is stopped.
    init(watch: @escaping @Sendable (LiveOutput) async -> Void) {
        let output = LiveOutput()
        let watching = Task {
            await watch(output)
            output.finish()
        }
        let beating = Task {
            while (try? await Task.sleep(for: Self.heartbeat)) != nil {
                output.yield(.heartbeat)
            }
        }
        self.output = output
        stop = {
            output.finish()
            watching.cancel()
            beating.cancel()
        }
    }
}
