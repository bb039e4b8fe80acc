import Foundation
import Persons
import PersonsWorker
import RandomUserFixtures
import Testing

/// Photos from the directory are checked before they are kept, and kept files are checked
/// again when read: the folder is outside input like the database.
// A time limit on sockets and processes: a test that hangs fails instead of stalling the run.
@Suite("Photos", .timeLimit(.minutes(10)))
struct PhotoTests {
    let portrait: String = "api/portraits/women/12.jpg"

    @Test("a photo of the directory is downloaded as the image it is")
    func downloads() async throws {
        try await RandomUserServer().withRunning { base in
            let photo = try await PersonWebWorker(address: base.absoluteString).downloadPhoto(
                base.absoluteString + portrait)
            #expect(photo.type == "image/png" && photo.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test(
        "a photo that is not an image, is too large, or is missing is refused with its reason",
        arguments: [("broken", Fizzle.unusablePhoto), ("huge", .unusablePhoto), ("missing", .rejected(status: 404))])
    func refused(fault: String, expected: Fizzle) async throws {
        try await RandomUserServer().withRunning { base in
            // The reason is checked, not the speed: 2 MiB took longer than the app's 15 s once,
            // under ThreadSanitizer beside the other suites.
            let worker = try PersonWebWorker(address: base.absoluteString, timeout: .seconds(120), attempts: 1)
            await #expect(throws: expected) {
                try await worker.downloadPhoto(base.absoluteString + portrait + "?fault=\(fault)")
            }
        }
    }

    @Test("kept photos are read back; a name that is not one, or a file that is no image, gives nothing")
    func folder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let photos = PhotoFolder(besideDatabaseAt: root.appendingPathComponent("persons.sqlite").path)
        let png = PhotoFile(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3], type: "image/png")
        let name = PhotoFile.name(for: "https://example.com/a.jpg")
        #expect(photos.missing([name]) == [name])
        try photos.keep(png, as: name)
        #expect(photos.missing([name]).isEmpty)
        #expect(await photos.photo(named: name) == png)
        #expect(photos.folder.lastPathComponent == "photos")
        #expect(throws: Fizzle.unusablePhoto) { try photos.keep(png, as: "../persons.sqlite") }
        #expect(await photos.photo(named: "../persons.sqlite") == nil)
        try Data("<html>".utf8).write(to: photos.folder.appendingPathComponent(name))
        #expect(await photos.photo(named: name) == nil, "a file replaced by something else is not served")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: photos.folder.path)
        #expect(leftovers == [name], "no half-written file is left behind: \(leftovers)")
    }
}
