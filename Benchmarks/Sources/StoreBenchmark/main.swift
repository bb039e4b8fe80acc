// Store benchmark: our store against the article's store design and against Apple's
// Observation, in one process.
//
//     swift run -c release StoreBenchmark
//
// Prints ns per update for the three stores and Pure's ratio to each for every subscriber count,
// in two scenarios (a: key-path selectors sharing fields; b: a closure selector per subscriber),
// then subscribe+cancel time and bytes per subscription, the cost of a journal, and checks the
// targets.
// Exits with status 1 if a target is missed, 64 (with the usage) if an argument is wrong. For
// profiling, focus it:
//
//     StoreBenchmark --only a|b|subscribing|journal --subscribers 1000 --pure-only

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let options = BenchmarkOptions.parseOrExit()
var targets = TargetCheck()

print("# Store benchmark (release build, one process)\n")
print("Each update changes one of 25 fields, cycling through all of them. Half of the subscribers")
print("watch the region switch; the rest spread over every field.\n")

for kind in [SelectorKind.keyPath, .closure] where options.runs(kind.scenario) {
    print("## Scenario (\(kind.scenario)): \(kind.rawValue) selectors\n")
    print(
        "| subscribers | article ns/update | Observation ns/update | Pure ns/update | ratio to article "
            + "| ratio to Observation | calls/update |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for count in options.counts {
        let pure = Scenario<PureContestant>(subscribers: count, kind: kind)
        let pureCost = pure.updateCost()
        let calls = pure.callsPerUpdate()
        var articleCost: Double?
        var observationCost: Double?
        if !options.pureOnly {
            let article = Scenario<ArticleContestant>(subscribers: count, kind: kind)
            precondition(article.callsPerUpdate() == calls, "the stores made different numbers of subscriber calls")
            articleCost = article.updateCost()
            let observation = Scenario<ObservationContestant>(subscribers: count, kind: kind)
            precondition(observation.callsPerUpdate() == calls, "Observation made a different number of calls")
            observationCost = observation.updateCost()
        }
        let ratio = articleCost.map { $0 / pureCost }
        let observationRatio = observationCost.map { $0 / pureCost }
        print(
            "| \(count) | \(format(articleCost)) | \(format(observationCost)) | \(format(pureCost)) "
                + "| \(format(ratio, digits: 1)) | \(format(observationRatio, digits: 1)) | \(format(calls, digits: 1)) |"
        )
        targets.checkRatio(ratio, kind: kind, subscribers: count)
        targets.checkAheadOfObservation(observationRatio, kind: kind, subscribers: count)
    }
    print("")
}

if options.runs("subscribing") {
    print("## Subscribing\n")
    print("Subscribe (first value included) and cancel one more subscriber while N are live; bytes held")
    print("per live subscription, measured over 10,000 more.\n")
    print("| subscribers | selector | article ns | Pure ns | article bytes/sub | Pure bytes/sub |")
    print("|---:|---|---:|---:|---:|---:|")
    for count in options.counts {
        for kind in [SelectorKind.keyPath, .closure] {
            let pure = Scenario<PureContestant>(subscribers: count, kind: kind)
            let pureCost = pure.subscribeAndCancelCost(kind: kind)
            let pureBytes = pure.bytesPerSubscription(kind: kind)
            var article: (cost: Double, bytes: Double?)?
            if !options.pureOnly {
                let scenario = Scenario<ArticleContestant>(subscribers: count, kind: kind)
                article = (scenario.subscribeAndCancelCost(kind: kind), scenario.bytesPerSubscription(kind: kind))
            }
            print(
                "| \(count) | \(kind.rawValue) | \(format(article?.cost)) | \(format(pureCost)) | \(format(article?.bytes)) | \(format(pureBytes)) |"
            )
            targets.checkSubscription(nanoseconds: pureCost, bytes: pureBytes, kind: kind, subscribers: count)
        }
    }
    print("")
}

if options.runs("journal") {
    print("## Journal\n")
    print("Scenario (a) without a journal and with one (1,000 entries kept). Bytes/update: memory that")
    print("stays allocated per update once the journal is full (none: the ring is bounded); bytes/entry: what")
    print("the journal kept per update while it filled.\n")
    print(
        "| subscribers | no journal ns/update | journal ns/update | ratio journal/none | bytes/update | bytes/entry |")
    print("|---:|---:|---:|---:|---:|---:|")
    for count in options.counts {
        let plain = Scenario<PureContestant>(subscribers: count, kind: .keyPath)
        let journaled = Scenario<JournaledContestant>(subscribers: count, kind: .keyPath)
        let perEntry = journaled.bytesKeptPerUpdate(over: 1_000)
        let held = journaled.bytesKeptPerUpdate(over: 10_000)
        let plainCost = plain.updateCost()
        let journalCost = journaled.updateCost()
        let ratio = journalCost / plainCost
        print(
            "| \(count) | \(format(plainCost)) | \(format(journalCost)) | \(format(ratio, digits: 2)) | "
                + "\(format(held, digits: 1)) | \(format(perEntry)) |")
        targets.checkJournal(ratio: ratio, bytesPerUpdate: held, subscribers: count)
    }
    print("")
}

print("## Targets\n")
targets.report()
if !targets.allMet {
    exit(1)
}
