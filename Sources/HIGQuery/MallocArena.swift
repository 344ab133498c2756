import CMalloc

/// The allocator setting of the commands that import.
enum MallocArena {
    /// glibc gives each thread that meets a locked allocator an arena of its own, and memory
    /// freed in one arena is not reused by the others: the import's two threads (rules written on
    /// one, lineage's terms made on the other) peaked at 940 to 952 MiB at 4 x 100k, against 805
    /// to 812 MiB with one arena, at the same speed (Benchmarks/README.md, "One malloc arena").
    /// Called before an import starts its threads: `hig import`, and the first import of any
    /// command that finds no database (`hig mcp`'s included); other work keeps glibc's default.
    static func shareOne() {
        #if canImport(Glibc)
            _ = mallopt(M_ARENA_MAX, 1)
        #endif
    }
}
