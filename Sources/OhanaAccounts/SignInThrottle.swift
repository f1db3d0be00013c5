import Foundation

/// Failed sign-ins, counted per account and per address: after a few, each next attempt waits
/// longer; after ``Policy/refuseAfter`` failures within ``Policy/window``, sign-ins for that
/// account or from that address are refused until the window has passed since the last failure.
/// Kept in the process's memory: each serve process counts its own.
public actor SignInThrottle {
    /// When to slow down and when to refuse.
    public struct Policy: Sendable {
        /// Failures allowed before attempts are slowed.
        public var freeFailures: Int
        /// The wait added per failure beyond the free ones, up to ``maximumDelay``.
        public var delayStep: Duration
        /// The longest wait.
        public var maximumDelay: Duration
        /// Failures after which sign-ins are refused.
        public var refuseAfter: Int
        /// How long failures are remembered after the last one.
        public var window: Duration

        /// Creates a policy.
        public init(freeFailures: Int = 3, delayStep: Duration = .seconds(1), maximumDelay: Duration = .seconds(5),
                    refuseAfter: Int = 10, window: Duration = .seconds(15 * 60)) {
            self.freeFailures = freeFailures
            self.delayStep = delayStep
            self.maximumDelay = maximumDelay
            self.refuseAfter = refuseAfter
            self.window = window
        }
    }

    /// What to do with a sign-in attempt.
    public enum Verdict: Equatable, Sendable {
        /// Check the password after waiting this long.
        case proceed(after: Duration)
        /// Refuse it without checking (429).
        case refuse
    }

    private struct Failures {
        var count = 0
        var last: ContinuousClock.Instant
    }

    /// The policy in force.
    public let policy: Policy
    private var failures: [String: Failures] = [:]

    /// A throttle with `policy`.
    public init(policy: Policy = Policy()) { self.policy = policy }

    /// What to do with an attempt to sign in to `account` from `address`.
    public func verdict(account: String, address: String?, now: ContinuousClock.Instant = .now) -> Verdict {
        let count = keys(account, address).map { current($0, now: now) }.max() ?? 0
        if count >= policy.refuseAfter { return .refuse }
        let beyond = count - policy.freeFailures
        guard beyond > 0 else { return .proceed(after: .zero) }
        return .proceed(after: min(policy.delayStep * beyond, policy.maximumDelay))
    }

    /// Counts a failed attempt; returns the larger of the account's and the address's failure counts.
    @discardableResult
    public func recordFailure(account: String, address: String?, now: ContinuousClock.Instant = .now) -> Int {
        var highest = 0
        for key in keys(account, address) {
            let count = current(key, now: now) + 1
            failures[key] = Failures(count: count, last: now)
            highest = max(highest, count)
        }
        return highest
    }

    /// Forgets the account's failures after it signed in.
    public func recordSuccess(account: String) {
        failures["account:" + account] = nil
    }

    private func keys(_ account: String, _ address: String?) -> [String] {
        ["account:" + account] + (address.map { ["address:" + $0] } ?? [])
    }

    private func current(_ key: String, now: ContinuousClock.Instant) -> Int {
        guard let entry = failures[key] else { return 0 }
        if now - entry.last > policy.window {
            failures[key] = nil
            return 0
        }
        return entry.count
    }
}
