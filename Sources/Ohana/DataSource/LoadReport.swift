/// What one load did: per provider and per post processor, contacts in and out and time taken.
public struct LoadReport: Sendable, CustomStringConvertible {
    /// What one provider did.
    public struct ProviderStep: Sendable {
        /// The provider's identifier.
        public var providerID: String
        /// How many contacts it delivered (zero when it failed).
        public var contactsOut: Int
        /// How long it took, authorization included.
        public var duration: Duration
        /// Recoverable problems it found in its input.
        public var diagnostics: [Diagnostic]
        /// Why it failed, when it did.
        public var failure: ContactsProviderError?
    }

    /// What one post processor did.
    public struct PostProcessorStep: Sendable {
        /// The post processor's name.
        public var name: String
        /// How many contacts it received.
        public var contactsIn: Int
        /// How many contacts it returned.
        public var contactsOut: Int
        /// How long it took.
        public var duration: Duration
    }

    /// The providers, in the data source's order.
    public var providers: [ProviderStep]
    /// The post processors, in order.
    public var postProcessors: [PostProcessorStep]
    /// How many contacts the load produced.
    public var contactCount: Int
    /// How long the whole load took.
    public var duration: Duration

    /// Every diagnostic of every provider, in provider order.
    public var diagnostics: [Diagnostic] { providers.flatMap(\.diagnostics) }

    /// The providers that failed.
    public var failures: [ProviderStep] { providers.filter { $0.failure != nil } }

    /// A readable trace: one line per provider and per post processor.
    public var description: String {
        var lines: [String] = []
        for step in providers {
            let outcome = step.failure.map { "FAILED: \($0)" } ?? "\(step.contactsOut) contacts"
            let warnings = step.diagnostics.isEmpty ? "" : ", \(step.diagnostics.count) diagnostics"
            lines.append("provider \(step.providerID): \(outcome)\(warnings) in \(step.duration.readable)")
        }
        for step in postProcessors {
            lines.append("post processor \(step.name): \(step.contactsIn) → \(step.contactsOut) contacts in \(step.duration.readable)")
        }
        lines.append("total: \(contactCount) contacts in \(duration.readable)")
        return lines.joined(separator: "\n")
    }
}

extension Duration {
    /// The duration in milliseconds with two decimals, such as "12.34 ms".
    public var readable: String {
        let ms = inSeconds * 1000
        return ms >= 1000 ? String(format: "%.2f s", ms / 1000) : String(format: "%.2f ms", ms)
    }
}
