// Persons benchmark: syncing and reading people at scale.
//
//     swift run -c release PersonsBenchmark [--sync-count 100000] [--database-count 1000000] [--queries 2000]
//         [--carddav-count 1000] [--only sync|read|carddav]     (`--help` says what each is)
//
// 1. Syncs N generated people from the test server on 127.0.0.1 into a fresh database, end to
//    end through the Vessel in the directory's pages of 5,000, and in the same run what bounds
//    it: storing the same pages from memory, inserting the people alone, decoding alone.
//    Targets: end to end within 1.3x of storing the same pages from memory; storing them
//    within 1.5x of inserting the people alone.
// 2. With a million people stored: pages, searches, a region's pages and searches, and pages
//    in the middle of the list, each with its count, many times each (p99 targets), and how
//    long storing the million took.
// 3. The address book against a real Radicale on loopback (from the repository's .venv, which
//    scripts/test makes): the first push of 1,000 people, a pull of 10 cards changed by another
//    client (targets: at most 3 requests, under 200 ms), a pull with nothing changed (1 request);
//    then, with the app running as `pure serve` runs it and pulling every 5 s, 20 edits here until
//    the server has each (p99 < 2 s) and 20 cards changed there until the app state shows each
//    (p99 < the interval + 1 s).
// Prints every target beside its figure, and exits 0 exactly when every one is met, 1 when one
// is missed, 2 with the reason on standard error when a part could not run, and 64 with the usage
// when an argument is wrong.

import BenchmarkSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let options = PersonsBenchmarkOptions.parseOrExit()
var targets = Targets()

print("# Persons benchmark (release build)\n")
var parts: [(table: String, targets: Targets)] = []
do {
    if options.runs(.sync) { parts.append(try await SyncBenchmark(count: options.syncCount).run()) }
    if options.runs(.read) {
        parts.append(try await ReadBenchmark(count: options.databaseCount, queries: options.queries).run())
    }
    if options.runs(.carddav) { parts.append(try await AddressBookBenchmark(count: options.carddavCount).run()) }
} catch {
    // Not a target missed: the benchmark could not measure. A thrown error left at the top
    // level was a crash with a backtrace.
    FileHandle.standardError.write(Data("PersonsBenchmark could not run: \(error)\n".utf8))
    exit(2)
}
for (table, checked) in parts {
    print(table)
    targets.add(checked)
}
print(targets.table)
exit(targets.allMet ? 0 : 1)
