import Foundation
import Persons

// Part of the sync (SyncPersonsAction): once the people are stored, their photos not kept yet
// are downloaded, a few at a time, and kept beside the database, so that they show offline. A
// photo that cannot be had shows the initials, and the next sync tries it again.
extension Vessel {
    /// How many photos are downloaded at once.
    static let photosAtOnce = 8

    /// Downloads and keeps the stored people's photos that are not kept yet, with their own
    /// progress in `sys.step`; how many were kept, and how many could not be had. A host that
    /// cannot be reached (or does not answer in time) is asked for no more photos: the next sync
    /// tries them all again.
    func keepPhotos(from web: any PersonWebWork) async -> (kept: Int, missing: Int) {
        guard web.hasPhotos else { return (0, 0) }
        let addresses: [String]
        do {
            addresses = try await personDBWork.photoAddresses()
        } catch {
            logger.warning("cannot list the photos to keep: \(error.message)")
            return (0, 0)
        }
        let byName = Dictionary(addresses.map { (PhotoFile.name(for: $0), $0) }) { first, _ in first }
        let missing = photoWork.missing(byName.keys.sorted())
        guard !missing.isEmpty else { return (0, 0) }
        var kept = 0
        var failed = 0
        storage.update { $0.sys.step?.photos = SyncStep.Tally(done: 0, of: missing.count) }
        await withTaskGroup(of: (host: String, failure: Fizzle?).self) { group in
            var queue = missing.makeIterator()
            // Hosts that could not be reached: no more of their photos are started, and those
            // under way finish by themselves (their timeout bounds them).
            var offline: Set<String> = []
            func next() {
                while let name = queue.next(), let address = byName[name] {
                    let host = Self.host(of: address)
                    guard !offline.contains(host) else { continue }
                    group.addTask { [photoWork] in
                        do throws(Fizzle) {
                            try photoWork.keep(try await web.downloadPhoto(address), as: name)
                            return (host, nil)
                        } catch {
                            return (host, error)
                        }
                    }
                    return
                }
            }
            for _ in 0..<Self.photosAtOnce { next() }
            while let (host, failure) = await group.next() {
                if failure != nil { failed += 1 } else { kept += 1 }
                storage.update { [kept, failed] in
                    $0.sys.step?.photos = SyncStep.Tally(done: kept + failed, of: missing.count)
                }
                if failure?.isOffline == true { offline.insert(host) }
                next()
            }
        }
        if failed > 0 { logger.warning("\(failed) of \(missing.count) photos could not be had") }
        return (kept, missing.count - kept)
    }

    /// The host of a photo's address, as photos are grouped when one cannot be reached.
    static func host(of address: String) -> String {
        URLComponents(string: address)?.host ?? address
    }
}
