import Persons

// Action: the article's demo, combining both workers. Handed out as a closure that captures
// the workers it needs; the web worker is built the first time it walks.
extension Vessel {
    /// Walks with the web worker, then flies with the database worker.
    public var moveHereAction: MoveHereUsecase {
        let personWebWork = self.personWebWork
        let personDBWork = self.personDBWork
        return storage.recording { isLeg, isWing throws(Fizzle) in
            let walked = try await personWebWork.value().walk(isLeg: isLeg)
            let flown = try await personDBWork.fly(isWing: isWing)
            return walked + flown
        }
    }
}
