import CMimalloc

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C allocator the process runs on. The `ohana` tool links Microsoft's mimalloc, which then
/// serves every `malloc` of the process (Swift's runtime, libphonenumber and its ICU regular
/// expressions, SQLite): libphonenumber allocates a regular expression matcher per match, and
/// glibc's malloc made phone formatting on both cores 20–35 % slower in CPU time. Apps that embed
/// the library keep their own allocator unless they link mimalloc too; `ohana-bench` measures the
/// library that way. The price: mimalloc keeps freed pages a while, so streaming 1,000,000 cards
/// peaks at about 71 MiB in the tool against 59 MiB on glibc's malloc.
package enum ProcessAllocator {
    /// Whether a block from `malloc` comes from mimalloc (it is linked and took `malloc` over).
    package static var isMimalloc: Bool {
        guard let block = malloc(16) else { return false }
        defer { free(block) }
        return mi_is_in_heap_region(block)
    }

    /// For logs and benchmark figures: `mimalloc 2.0.9`, or the system's malloc.
    package static var name: String {
        let version = Int(mi_version())
        return isMimalloc ? "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)" : "system malloc"
    }
}
