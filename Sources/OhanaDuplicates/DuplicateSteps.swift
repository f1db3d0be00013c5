import Ohana

/// A step of ``DuplicateMerging``'s work, in the order they run; its raw value is the stage a
/// ``StepProgress`` names.
enum DuplicateStep: String, CaseIterable {
    /// Reading each contact's names, numbers and addresses into keys.
    case readingKeys = "reading names, numbers and addresses"
    /// Counting how many contacts share each name, number and address.
    case countingValues = "counting shared values"
    /// Comparing the contacts that share a key.
    case comparingPairs = "comparing candidate pairs"
    /// Checking names and other evidence, and joining the matches into clusters.
    case joiningClusters = "checking names, joining clusters"
    /// Explaining each cluster's matches.
    case explaining = "explaining the matches"
    /// Merging each cluster into one contact.
    case merging = "merging the clusters"
}

/// The steps of one call, reported to a ``DuplicateMerging/progress`` handler as they start.
struct ProgressSteps {
    let handler: (@Sendable (StepProgress) -> Void)?
    let total: Int
    private var completed = 0
    private var last = DuplicateStep.readingKeys

    init(_ handler: (@Sendable (StepProgress) -> Void)?, total: Int) {
        self.handler = handler
        self.total = total
    }

    /// Reports that `step` starts; the steps before it are done.
    mutating func start(_ step: DuplicateStep) {
        handler?(StepProgress(completedSteps: completed, totalSteps: total, stage: step.rawValue))
        completed += 1
        last = step
    }

    /// Reports that every step is done (the last step's stage).
    func finish() {
        handler?(StepProgress(completedSteps: total, totalSteps: total, stage: last.rawValue))
    }
}
