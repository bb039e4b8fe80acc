// Web benchmark: the web screens with a million people stored.
//
//     swift run -c release WebBenchmark [--people 1000000] [--requests 2000] [--streams 100] [--updates 50]
//
// Serves the app (release build) on 127.0.0.1 and measures, with an HTTP client in the same
// process: time to first byte of the home page and of a search page; the latency from an
// update of the state to its fragment arriving on every one of many open pages; and the memory
// each open page holds. Targets: first byte < 20 ms at p99; live update < 50 ms at p99.
// Exits with status 1 if a target is missed.

import AsyncHTTPClient
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

let options = WebBenchmarkOptions(CommandLine.arguments.dropFirst())
let folder = ScratchFolder()
say("# Web benchmark (release build)\n")

var random = SplitMix64(seed: 21)
let people = PeopleMaker.make(options.people, using: &random)
let (_, stored) = try await seconds {
    try await PersonDBWorker(path: folder.path("web.sqlite")).savePersons(people) { _ in }
}
say("Stored \(people.count) people in \(format(stored, 1)) s.\n")
let vessel = try Vessel(VesselConfiguration(databasePath: folder.path("web.sqlite")))

let outcome = try await BenchmarkServer.withRunning(vessel) { base, server in
    say("Serving on \(base); measuring first bytes…")
    let firstBytes = try await FirstByteBenchmark(base: base, requests: options.requests, people: people).run()
    say("Measuring live updates…")
    let live = try await LiveUpdateBenchmark(
        base: base, streams: options.streams, updates: options.updates, vessel: vessel, server: server
    ).run()
    return (firstBytes, live)
}
say(outcome.0.table)
say(outcome.1.table)
let allMet = outcome.0.isMet && outcome.1.isMet
say(allMet ? "All targets met." : "Some targets missed.")
if !allMet {
    exit(1)
}

/// Prints a line at once (unbuffered), so a run that stops early still shows how far it got.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
