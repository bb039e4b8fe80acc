import GRDB
import Logging
import Persons

// MARK: - Saving people

extension PersonDBWorker {
    /// Upserts the people by id as their batches arrive, all in one transaction, with `plan` (a
    /// sync's progress) if given: decoding the next batch overlaps writing this one, and a
    /// failure of the batches rolls everything back. The fields a user edited here are kept; a
    /// person deleted here, or an id seen earlier in the same batches, is skipped; the
    /// report counts new and updated people from the counts' table.
    public func savePersons(
        _ batches: PersonBatches, expected: Int, recording plan: SyncPlan?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
        try await checkFileBeforeTelling()
        try checkWritable()
        let handoff = BatchHandoff<PersonBatch>()
        let feeder = Task {
            do throws(Fizzle) {
                for try await batch in batches {
                    handoff.put(batch)
                }
                // Stopped by cancellation, the batches are incomplete: store none of them.
                handoff.finish(Task.isCancelled ? .unknown : nil)
            } catch {
                handoff.finish(error)
            }
        }
        defer { feeder.cancel() }
        var report: SyncReport
        do {
            report = try await pool.write { db in
                let report = try Self.upsert(
                    handoff, expected: expected, plan: plan, progress: progress, logger: logger, db)
                if let plan { try SyncPlanRecord.save(plan, db) }
                // The search's b-trees merged in the same commit: merged after it, each merge
                // was a commit of its own, which every open scene was read again for.
                if plan?.isDone ?? true { try ListTables.merge(db, afterLargeSave: (plan?.pages ?? 1) > 1) }
                // A file replaced meanwhile: roll back, so that nothing reaches a log file that
                // the file now at the path would read as its own.
                try checkFile()
                return report
            }
            // Replaced as it committed: stored, but not in the file at the path the user gave.
            try checkFile()
        } catch let failure as Fizzle {
            logger.error("nothing saved: \(failure)")
            await makeIndexesPutOff(by: plan)
            throw await told(failure)
        } catch {
            logger.error("cannot save the people: \(error)")
            await makeIndexesPutOff(by: plan)
            throw Self.fizzle(for: error, otherwise: .saveFailed)
        }
        do {
            try await tidy()
        } catch {
            logger.error("the people are saved, but tidying the database after them failed: \(error)")
            report.warning = Self.checkpointWarning(for: error)
        }
        progress(1_000)
        return report
    }

    /// The writing half of ``savePersons(_:expected:recording:progress:)``, inside its
    /// transaction. A large store into an empty table (``ListTables/largeStore`` people: an
    /// import, or a first sync however many pages it comes in) drops the list's indexes and
    /// makes them after its rows, when SQLite sorts each once: in the same transaction, or, for
    /// a sync of several pages, in its last page's. An index kept in step takes each row at its
    /// place in turn, and each page's commit writes out most of every index again, so that a
    /// sync's cost grew with the square of its pages (BENCHMARKS.md).
    private static func upsert(
        _ handoff: BatchHandoff<PersonBatch>, expected: Int, plan: SyncPlan?, progress: @Sendable (Int) -> Void,
        logger: Logger, _ db: Database
    ) throws -> SyncReport {
        let before = try stored(db)
        if before == 0 && (plan?.count ?? expected) >= ListTables.largeStore { try ListTables.dropIndexes(db) }
        let report = try upsert(
            handoff, into: before, isSample: plan?.isSample ?? false, expected: expected, progress: progress,
            logger: logger, db)
        if plan?.isDone ?? true { try ListTables.makeIndexes(db) }
        return report
    }

    /// The rows of ``upsert(_:expected:plan:progress:logger:_:)``, written into a table of
    /// `before` people.
    private static func upsert(
        _ handoff: BatchHandoff<PersonBatch>, into before: Int, isSample: Bool, expected: Int,
        progress: @Sendable (Int) -> Void, logger: Logger, _ db: Database
    ) throws -> SyncReport {
        let deleted = Set(try String.fetchAll(db, sql: "SELECT id FROM person_deleted"))
        var writer = try PersonWriter(db)
        var seen: Set<Person.ID> = []
        var refused: Set<Person.ID> = []
        var skipped = SkippedRecords()
        var received = 0
        while let batch = try handoff.take() {
            skipped.add(batch.skipped)
            var fresh: [Person] = []
            fresh.reserveCapacity(batch.people.count)
            for person in batch.people {
                if deleted.contains(person.id) {
                    skipped.add(.deletedHere)
                } else if seen.insert(person.id).inserted {
                    fresh.append(person)
                } else {
                    skipped.add(.duplicateID)
                }
            }
            refused.formUnion(try write(fresh, isSample: isSample, with: &writer, logger: logger, db))
            received += batch.people.count
            progress(min(950, received * 950 / max(expected, 1)))
        }
        skipped.add(.unstorable, count: refused.count)
        let inserted = try stored(db) - before
        return SyncReport(inserted: inserted, updated: seen.count - refused.count - inserted, skipped: skipped)
    }

    /// Writes `people` in one savepoint. When the database refuses one of them, writes them
    /// again one by one, leaving out those it refuses: one odd record never sinks the others.
    /// Returns the ids of those left out.
    private static func write(
        _ people: [Person], isSample: Bool, with writer: inout PersonWriter, logger: Logger, _ db: Database
    ) throws -> [Person.ID] {
        do {
            try db.inSavepoint {
                try writer.write(people, isSample: isSample, db)
                return .commit
            }
            return []
        } catch let error as DatabaseError where PersonWriter.refusesRecord(error) {
            writer = try writer.renewed(db)
            var refused: [Person.ID] = []
            for person in people {
                do {
                    try db.inSavepoint {
                        try writer.write([person], isSample: isSample, db)
                        return .commit
                    }
                } catch let error as DatabaseError where PersonWriter.refusesRecord(error) {
                    logger.warning("left out person \(person.id), which the database refuses: \(error)")
                    refused.append(person.id)
                    writer = try writer.renewed(db)
                }
            }
            return refused
        }
    }

    /// Makes the list's indexes that a first sync (`plan`) put off until its last page, after one
    /// of its pages failed (nothing when none is missing): the pages stored before it are listed
    /// from indexes again, and a resumed sync keeps them in step. A store of its own drops them
    /// in its transaction, which the failure rolled back. A file found replaced is not written
    /// (``checkFile()`` throws first).
    private func makeIndexesPutOff(by plan: SyncPlan?) async {
        guard plan != nil else { return }
        do {
            try await pool.write { db in
                try checkFile()
                try ListTables.makeIndexes(db)
            }
        } catch {
            logger.error("cannot make the list's indexes after a sync's failed page: \(error)")
        }
    }

    /// Copies the write-ahead log into the database file after a save, so that the next small
    /// write (a switch flipped) does not pay for a large sync's log. A checkpoint that cannot
    /// finish because readers hold old pages is left to SQLite's automatic ones.
    private func tidy() async throws {
        try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
    }

    /// What a user is told when the people are saved but the checkpoint after them failed.
    private static func checkpointWarning(for error: any Error) -> String {
        let reason = fizzle(for: error, otherwise: .unknown) == .diskFull ? "the disk is full" : "it failed"
        return "The people are saved, but tidying the database afterwards did not finish (\(reason)); "
            + "the next sync will try again."
    }

}
