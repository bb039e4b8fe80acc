import GRDB
import Logging
import Persons

// MARK: - Saving people

extension PersonDBWorker {
    /// Upserts the people by id as their batches arrive, then rebuilds the page index, all in
    /// one transaction, with `plan` (a sync's progress) if given: decoding the next batch
    /// overlaps writing this one, and a failure of the batches rolls everything back. An id
    /// seen earlier in the same batches is skipped; the report counts new and updated people
    /// from the table itself. More people coming than are stored drops the secondary indexes
    /// and makes them again at the end, at once.
    public func savePersons(
        _ batches: PersonBatches, expected: Int, recording plan: SyncPlan?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws(Fizzle) -> SyncReport {
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
                let putOff = try plan.map { try DeferredIndexes.putOff(for: $0, db) } ?? false
                let report = try Self.upsert(handoff, expected: expected, progress: progress, putOff: putOff, db)
                if putOff, plan?.isDone == true { try DeferredIndexes.catchUp(db) }
                if let plan { try SyncPlanRecord.save(plan, db) }
                return report
            }
        } catch let failure as Fizzle {
            logger.error("nothing saved: the download failed with \(failure)")
            throw failure
        } catch {
            logger.error("cannot save the people: \(error)")
            throw Self.fizzle(for: error, otherwise: .saveFailed)
        }
        do {
            try await checkpoint()
        } catch {
            logger.error("the people are saved, but the checkpoint after them failed: \(error)")
            report.warning = Self.checkpointWarning(for: error)
        }
        progress(1_000)
        return report
    }

    /// The writing half of ``savePersons(_:expected:recording:progress:)``, inside its
    /// transaction. With `putOff`, the people alone are written (see ``DeferredIndexes``).
    private static func upsert(
        _ handoff: BatchHandoff<PersonBatch>, expected: Int, progress: @Sendable (Int) -> Void, putOff: Bool,
        _ db: Database
    ) throws -> SyncReport {
        var seen: Set<Person.ID> = []
        let statement = try db.cachedStatement(sql: upsertSQL)
        let searchIndex = try SearchIndex(db)
        let before = putOff ? try PersonCount.rows(db) : try PageIndex.total(db)
        // More people coming than stored: the indexes are made again after, at once.
        let bulk =
            !putOff && expected > before ? try (indexes: SecondaryIndexes.drop(db), load: SearchIndex.Load(db)) : nil
        var skipped = SkippedRecords()
        var written = 0
        var distinct = 0
        while let batch = try handoff.take() {
            skipped.add(batch.skipped)
            for person in batch.people {
                guard seen.insert(person.id).inserted else {
                    skipped.add(.duplicateID)
                    continue
                }
                let source = SearchIndex.Source(name: person.name, username: person.username, country: person.country)
                if putOff {
                    try statement.execute(arguments: PersonRecord(person).upsertArguments)
                } else if let bulk {
                    try statement.execute(arguments: PersonRecord(person).upsertArguments)
                    try bulk.load.add(person.id, source)
                } else {
                    let indexed = try searchIndex.source(of: person.id)
                    try statement.execute(arguments: PersonRecord(person).upsertArguments)
                    try searchIndex.update(person.id, from: indexed, to: source)
                }
                distinct += 1
            }
            written += batch.people.count
            progress(min(950, written * 950 / max(expected, 1)))
        }
        if let bulk {
            if before > 0 { try bulk.load.addStored(except: seen, db) }
            try bulk.load.finish(db)
            try bulk.indexes.create(db)
        }
        if !putOff { try PageIndex.rebuild(db) }
        // GRDB cannot see changes to WITHOUT ROWID tables by itself: tell observers.
        try db.notifyChanges(in: Table(PersonRecord.databaseTableName))
        let inserted = (putOff ? try PersonCount.rows(db) : try PageIndex.total(db)) - before
        return SyncReport(inserted: inserted, updated: distinct - inserted, skipped: skipped)
    }

    /// Copies the write-ahead log into the database file now, so that the next small write
    /// (a switch flipped) does not pay for a large sync's log. A checkpoint that cannot finish
    /// because readers hold old pages is left to SQLite's automatic ones.
    private func checkpoint() async throws {
        try await pool.writeWithoutTransaction { db in
            _ = try db.checkpoint(.passive)
        }
    }

    /// What a user is told when the people are saved but the checkpoint after them failed.
    private static func checkpointWarning(for error: any Error) -> String {
        let reason = fizzle(for: error, otherwise: .unknown) == .diskFull ? "the disk is full" : "it failed"
        return "The people are saved, but tidying the database afterwards did not finish (\(reason)); "
            + "the next sync will try again."
    }

    private static let upsertSQL = """
        INSERT INTO person (id, name, username, gender, email, age, country, cellphone, photo, words)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            name = excluded.name, username = excluded.username, gender = excluded.gender, email = excluded.email,
            age = excluded.age, country = excluded.country, cellphone = excluded.cellphone, photo = excluded.photo,
            words = excluded.words
        """

}
