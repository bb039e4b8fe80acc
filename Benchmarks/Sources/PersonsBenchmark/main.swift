// Persons benchmark: syncing and reading people at scale.
//
//     swift run -c release PersonsBenchmark [--sync-count 100000] [--database-count 1000000] [--queries 2000]
//
// 1. Syncs N generated people from the test server on 127.0.0.1 into a fresh database, end to
//    end through the Vessel in the directory's pages of 5,000, and in the same run the two raw
//    limits: decoding the same bytes with the same decoder alone, and a batched GRDB insert of
//    the same rows alone. Target: end to end within 1.3x of the slower raw stage.
// 2. With a million people stored: a page of 100 metas, a search (any word of the name, or the
//    username) and a region page, many times each. Target: each under 5 ms at p99.
// Exits with status 1 if a target is missed.

import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let options = PersonsBenchmarkOptions(CommandLine.arguments.dropFirst())
var allMet = true

print("# Persons benchmark (release build)\n")

let sync = try await SyncBenchmark(count: options.syncCount).run()
print(sync.table)
allMet = allMet && sync.isMet

let reads = try await ReadBenchmark(count: options.databaseCount, queries: options.queries).run()
print(reads.table)
allMet = allMet && reads.isMet

print(allMet ? "All targets met." : "Some targets missed.")
if !allMet {
    exit(1)
}
