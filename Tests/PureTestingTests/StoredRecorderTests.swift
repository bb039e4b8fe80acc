import Pure
import PureTesting
import Testing

struct Counter: Equatable, Sendable, Codable {
    var value = 0
    var label = "start"
}

@Suite("StoredRecorder")
struct StoredRecorderTests {
    @Test("passes when the emitted sequence is exactly the expected one")
    func exactSequencePasses() async {
        let storage = MutableStore(Counter())
        let recorder = StoredRecorder(storage.store.stored(\.value))
        storage.update { $0.value = 1 }
        storage.update { $0.label = "ignored" }
        storage.update { $0.value = 2 }
        await recorder.expect([0, 1, 2])
        #expect(recorder.values == [0, 1, 2])
    }

    @Test("records an issue when the sequence differs")
    func differentSequenceFails() async {
        let storage = MutableStore(Counter())
        let recorder = StoredRecorder(storage.store.stored(\.value))
        storage.update { $0.value = 5 }
        await withKnownIssue {
            await recorder.expect([0, 4])
        }
    }

    @Test("records an issue when values arrive beyond the expected ones")
    func extraValuesFail() async {
        let storage = MutableStore(Counter())
        let recorder = StoredRecorder(storage.store.stored(\.value))
        storage.update { $0.value = 1 }
        await withKnownIssue {
            await recorder.expect([0])
        }
    }

    @Test("records an issue when expected values never come")
    func missingValuesFail() async {
        let storage = MutableStore(Counter())
        let recorder = StoredRecorder(storage.store.stored(\.value))
        await withKnownIssue {
            await recorder.expect([0, 1], timeout: .milliseconds(50))
        }
    }

    @Test("cancel stops recording and releases the subscription")
    func cancelStops() {
        let storage = MutableStore(Counter())
        let recorder = StoredRecorder(storage.store.stored(\.value))
        recorder.cancel()
        storage.update { $0.value = 1 }
        #expect(recorder.values == [0])
        #expect(storage.store.subscriptionCount == 0)
    }
}
