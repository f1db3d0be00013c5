/// How far a call of ``DuplicateMerging`` has come: the step it starts, among the steps it runs.
///
/// ``DuplicateMerging/progress`` receives one as each step starts, and a last one, with
/// ``isFinished``, when the call is done: enough for a progress bar over the seconds a large
/// address book takes.
public struct DuplicateMergingProgress: Sendable, Hashable {
    /// A step of detecting, explaining and merging duplicates, in the order they run.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        /// Reading each contact's names, numbers and addresses into keys.
        case readingKeys = "reading names, numbers and addresses"
        /// Counting how many contacts share each name, number and address.
        case countingValues = "counting shared values"
        /// Comparing the contacts that share a key.
        case comparingPairs = "comparing candidate pairs"
        /// Checking names and other evidence, and joining the matches into clusters.
        case joiningClusters = "checking names, joining clusters"
        /// Explaining each cluster's matches (``DuplicateMerging/analyze(_:explaining:)`` and
        /// ``DuplicateMerging/merge(_:explaining:)`` with `explaining`).
        case explaining = "explaining the matches"
        /// Merging each cluster into one contact.
        case merging = "merging the clusters"
    }

    /// The step that starts (the last step, once finished).
    public var step: Step
    /// How many steps are done.
    public var completedSteps: Int
    /// How many steps the call runs: the explanation and the merge only when asked for.
    public var totalSteps: Int

    /// Creates a progress report.
    public init(step: Step, completedSteps: Int, totalSteps: Int) {
        self.step = step
        self.completedSteps = completedSteps
        self.totalSteps = totalSteps
    }

    /// Whether every step is done.
    public var isFinished: Bool { completedSteps >= totalSteps }
}

/// The steps of one call, reported to a ``DuplicateMerging/progress`` handler as they start.
struct ProgressSteps {
    let handler: (@Sendable (DuplicateMergingProgress) -> Void)?
    let total: Int
    private var completed = 0
    private var last = DuplicateMergingProgress.Step.readingKeys

    init(_ handler: (@Sendable (DuplicateMergingProgress) -> Void)?, total: Int) {
        self.handler = handler
        self.total = total
    }

    /// Reports that `step` starts; the steps before it are done.
    mutating func start(_ step: DuplicateMergingProgress.Step) {
        handler?(DuplicateMergingProgress(step: step, completedSteps: completed, totalSteps: total))
        completed += 1
        last = step
    }

    /// Reports that every step is done.
    func finish() {
        handler?(DuplicateMergingProgress(step: last, completedSteps: total, totalSteps: total))
    }
}
