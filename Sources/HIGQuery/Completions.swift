import ArgumentParser
import HIGStore

/// Shell completion of values (`hig --generate-completion-script bash|zsh|fish`): edition ids
/// and topic slugs, not only option names.
enum ValueCompletion {
    static let editions = CompletionKind.custom { words, _, prefix in
        CompletionCandidates.editions(words: words, prefix: prefix)
    }

    static let topics = CompletionKind.custom { _, _, prefix in
        CompletionCandidates.topics(prefix: prefix)
    }
}
