import Persons

// Action: downloads people in the directory's pages and stores each page as it is decoded, in
// its own transaction with the sync's progress, while the next page downloads; progress and the
// outcome are in `sys`. A sync that stopped is resumed at the first page it lacks; another count
// or directory starts a new one, with a new seed. A failure leaves every stored page stored. A
// download with no usable person is a failure; skipped records are told, not only logged.
extension Vessel {
    /// Downloads people, stores them, and reports progress and the outcome in the state.
    public var syncPersonsAction: SyncPersonsUsecase {
        storage.recording { [self] count throws(Fizzle) in try await syncPersons(count: count) }
    }

    func syncPersons(count: Int) async throws(Fizzle) -> SyncReport {
        let started = storage.update { state in
            if case .loading = state.sys.sync { return }
            state.sys.sync = .loading(permille: 0)
        }
        guard started else { throw .syncUnderWay }
        do throws(Fizzle) {
            // Nothing is downloaded that could not be saved (a read-only file).
            try personDBWork.checkWritable()
            var report = try await syncPages(count: count)
            guard report.stored > 0 else { throw .nothingToStore(report.skipped) }
            (report.photosKept, report.photosMissing) = await keepPhotos(from: try personWebWork.value())
            let note =
                report.isNoteworthy
                ? ([report.message] + [report.warning].compactMap { $0 }).joined(separator: " ") : nil
            storage.update {
                $0.sys.sync = .success(note)
                $0.sys.step = nil
            }
            return report
        } catch {
            storage.update {
                $0.sys.sync = .failure(error.message)
                $0.sys.step = nil
            }
            throw error
        }
    }

    /// Stores the pages of a sync of `count` people that are not stored yet, each with the
    /// sync's progress, while the next one downloads.
    private func syncPages(count: Int) async throws(Fizzle) -> SyncReport {
        let web = try personWebWork.value()
        let fresh = SyncPlan(
            source: web.source, count: count, seed: SyncPlan.newSeed(), pageSize: min(count, web.largestPage))
        let newest = try await personDBWork.readSyncPlan()
        var plan = newest.flatMap { $0.continues(fresh) ? $0 : nil } ?? fresh
        if let newest, !newest.isDone, plan == fresh {
            logger.notice(
                "the stored sync (\(newest.count) people in pages of \(newest.pageSize), \(newest.pagesStored) stored) is not this one: starting a new plan"
            )
        }
        let first = plan.pagesStored + 1
        var report = SyncReport(inserted: 0, updated: 0)
        report.pages = plan.pages
        report.resumedAt = first > 1 ? first : nil
        report.followsFinished = newest.flatMap { $0.isDone ? $0.count : nil }
        var step = SyncStep(
            page: first, pages: plan.pages, stored: plan.peopleStored, count: count, resumedAt: report.resumedAt)
        // A wait the directory asks for (for this page or the next, downloading meanwhile),
        // told until the page it is for comes.
        let waits: @Sendable (Int) -> Void = { [storage] seconds in
            storage.update { $0.sys.step?.waiting = seconds }
        }
        // One request at a time: the next page is asked for once this one's answer has arrived,
        // and downloads and decodes while this one is stored.
        var next = Task { [plan] in web.downloadPage(first, of: plan, waiting: waits) }
        defer { next.cancel() }
        for page in first...plan.pages {
            let (arrived, announce) = AsyncStream.makeStream(of: Void.self)
            let batches = await next.value.onFirst { [storage] in
                // This page has come: any wait told was for it, and is over.
                storage.update { $0.sys.step?.waiting = nil }
                announce.finish()
            }
            if page < plan.pages {
                next = Task { [plan] in
                    for await _ in arrived {}
                    return Task.isCancelled ? PersonBatches([]) : web.downloadPage(page + 1, of: plan, waiting: waits)
                }
            }
            step.page = page
            step.stored = plan.peopleStored
            storage.update { [step] in
                // A wait told meanwhile is this page's: it stays until the page comes.
                let waiting = $0.sys.step?.waiting
                $0.sys.step = step
                $0.sys.step?.waiting = waiting
            }
            var stored = plan
            stored.pagesStored = page
            let expected = plan.people(onPage: page)
            let before = plan.peopleStored
            report.add(
                try await write { () throws(Fizzle) in
                    let saved = try await personDBWork.savePersons(batches, expected: expected, recording: stored) {
                        [storage] permille in
                        storage.update {
                            $0.sys.sync = .loading(permille: (before * 1_000 + expected * permille) / count)
                        }
                    }
                    return (saved, Touched(people: nil))
                })
            plan = stored
        }
        return report
    }

    /// On the first launch (no people stored yet), syncs ``Persons/defaultSyncCount`` people; otherwise
    /// signals that the stored people are ready. Failures end up in `sys`, for screens to show.
    /// Part of the Vessel's ``run()``.
    func firstLaunch() async {
        do {
            if try await personDBWork.countPersons() > 0 {
                // A file that can only be read: said at once, not at the first write.
                try personDBWork.checkWritable()
                storage.update { $0.sys.sync = .success(nil) }
            } else {
                _ = try await syncPersons(count: defaultSyncCount)
            }
        } catch {
            logger.warning("first launch: \(error.message)")
            storage.update { $0.sys.sync = .failure(error.message) }
        }
    }
}
