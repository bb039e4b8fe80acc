// Web benchmark: the web screens with a million people stored.
//
//     swift run -c release WebBenchmark [--people 1000000] [--requests 2000] [--streams 100,1000] [--updates 50]
//         [--lists 100] [--cycles 20000] [--load-seconds 15]     (`--help` says what each is)
//
// Serves the app (release build) on 127.0.0.1 and measures: time to first byte of the home page
// and of a search page (an HTTP client in this process); a page typing five letters of 100
// names in its search box, each key a patch over its socket; then, for each number of open pages,
// with the pages' client in a process of its own (WebSocket connections opened as Chromium
// opens them), the latency from an update of the state to its part arriving on every page, the
// memory each open page holds in the server, and the server's CPU time per update; then a
// reconnect storm: the most pages, the server restarted, the time until every page has every
// part again; the most pages over `--lists` distinct list addresses (half searches), each
// update a store of people that changes every one of those lists; and `--cycles` live pages that
// come and go, one after another, and the server's memory before and after; then the home page, a
// search, a letter jump and the style sheet each under load (32 kept-alive connections asking as
// fast as they are answered, `--load-seconds` each, the pages taking turns of about 3 s), then a
// bare server answering as many bytes for each, the same way. Every target is a ratio to a floor
// measured in the same run: a switch flipped, p99 at most 4 times the kernel's writes of the same
// frame to 100 sockets, 2 times to 1,000; a change of the stored people over the many addresses,
// 3 times; each open page at most 2 KiB beyond a bare WebSocket (4 KiB over the many addresses);
// after the pages that came and went, resident memory grown by less than 200 bare WebSockets
// hold; each page under load at least 75% of its bare server's answers a second, a p99 at most
// 1.5 times its. Besides: no page opened while typing, every page back after the storm with the
// state of after it, every answer a 200. First bytes, patches and the storm's times are printed.
// Exits with status 1 if a target is missed, 2 if a part could not run, 64 (with the usage) if an
// argument is wrong.

import BenchmarkSupport
import Foundation
import Hummingbird
import Persons
import PersonsVessel
import PersonsWeb
import PersonsWorker
import RandomUserFixtures

#if canImport(Glibc)
    import Glibc
#endif

let options = WebBenchmarkOptions.parseOrExit()
// A clients' process ends with the benchmark that started it.
if let parent = options.parent { ClientProcess.endWhenGone(parent) }
do {
    if let base = options.clients {
        try await PageClients.run(
            base: base, streams: options.streams[0], updates: options.updates,
            lists: options.lists)
    } else if let base = options.storm {
        try await StormClients.run(base: base, streams: options.streams[0])
    } else if let base = options.visits {
        try await CycleClients.run(base: base, count: options.count)
    } else if let base = options.load {
        try await LoadClients.run(
            base: base, paths: options.path.isEmpty ? ["/"] : options.path, connections: options.connections,
            seconds: options.seconds, rounds: options.rounds)
    } else if try await !measure(options) {
        exit(1)
    }
} catch {
    // The clients' process says why on its standard error; the benchmark, waiting for its next
    // line, fails on the end of its output.
    FileHandle.standardError.write(Data("WebBenchmark: \(error)\n".utf8))
    exit(2)
}

/// Stores the people, serves them, measures; whether every target was met.
func measure(_ options: WebBenchmarkOptions) async throws -> Bool {
    let folder = ScratchFolder()
    say("# Web benchmark (release build)\n")
    let people = PeopleMaker().make(options.people, seed: 21)
    let (_, stored) = try await seconds {
        try await PersonDBWorker(path: folder.path("web.sqlite")).savePersons(people) { _ in }
    }
    say("Stored \(people.count) people in \(format(stored, 1)) s.\n")
    // The Vessel over a database worker that hears another writer's commits within 5 ms, and that
    // writer: people stored as a `pure sync` in a terminal stores them.
    let db = try PersonDBWorker(path: folder.path("web.sqlite"), watchInterval: .milliseconds(5))
    let writer = try PersonDBWorker(path: folder.path("web.sqlite"))
    let vessel = Vessel(
        db: db, photos: PhotoFolder(besideDatabaseAt: folder.path("web.sqlite")),
        web: { () throws(Fizzle) -> any PersonWebWork in throw Fizzle.noInternet })
    // The floor under what an open page holds: what a bare server holds for an open WebSocket.
    let pages = options.streams.max() ?? 1_000
    let socketFloor = try await FixedBodyServer.withRunning(size: 1) { floor in
        try await LiveFloors.bytesPerConnection(base: floor, connections: pages, bodyBytes: 1, upgraded: true)
    }
    let (firstBytes, typing, live, storm, cycles, load) = try await BenchmarkServer.withRunning(vessel) {
        running, base in
        say("Serving on \(base); measuring first bytes…")
        let firstBytes = try await FirstByteBenchmark(base: base, requests: options.requests, people: people).run()
        say("Measuring a page typing in its search box…")
        var random = SplitMix64(seed: 8)
        let words = (0..<100).map { _ in people[Int.random(in: 0..<people.count, using: &random)].name }
        let typing = try await PatchBenchmark(running: running, words: words).run(base: base)
        var live = try await LiveUpdateBenchmark.run(
            base: base, streams: options.streams, updates: options.updates, vessel: vessel, socketFloor: socketFloor)
        say("Measuring a change of the stored people on \(pages) pages over \(options.listCount) addresses…")
        live.append(
            try await LiveUpdateBenchmark(
                base: base, streams: pages, updates: options.updates, vessel: vessel,
                lists: (options.listCount, writer, db), socketFloor: socketFloor
            ).run())
        say("Measuring a reconnect storm of \(pages) pages…")
        let storm = try await ReconnectStormBenchmark(streams: pages, running: running).run(base: base)
        say("Measuring \(options.cycles) live pages that come and go…")
        let cycles = try await SocketCycleBenchmark(
            cycles: options.cycles, running: running, socketFloor: socketFloor
        ).run(base: base)
        say("Measuring the list pages under load…")
        let load = try await LoadBenchmark(seconds: options.loadSeconds).run(base: base)
        return (firstBytes, typing, live, storm, cycles, load)
    }
    say(firstBytes.table)
    say(typing.table)
    say(typing.targets.table)
    for report in live { say(report.table) }
    say(storm.table)
    say(cycles.table)
    say(load.table)
    let allMet =
        typing.targets.allMet && live.allSatisfy(\.targets.allMet) && storm.isMet && cycles.targets.allMet
        && load.targets.allMet
    say(allMet ? "All targets met." : "Some targets missed.")
    return allMet
}

/// Prints a line at once (unbuffered), so a run that stops early still shows how far it got.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
