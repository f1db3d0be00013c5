#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory freed so far back to the system, where the allocator keeps it otherwise.
///
/// glibc's `malloc` keeps the pages of freed blocks in its arenas for later requests, and gives
/// back only what lies at the top of a heap. After a stage frees a few hundred megabytes of
/// tables made of many mid-sized arrays (duplicate detection at a million contacts), the pages
/// stay counted in the process's memory while the next stage allocates more: the peak is the
/// sum of both. `malloc_trim(0)` returns the free pages anywhere in the heaps (a few milliseconds).
/// Elsewhere (another C library, another system), nothing is done.
package func releaseFreedMemory() {
    #if canImport(Glibc)
    // Looked up, not linked: glibc's `malloc.h` is not part of the Glibc module, and another C
    // library (musl) has no such call.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    _ = trim(0)
    #endif
}
