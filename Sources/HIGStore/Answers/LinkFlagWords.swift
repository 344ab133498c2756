import HIGLineage

/// How the text outputs word a link's flags (`LinkFlag` decides which it has).
extension LinkRecord {
    /// For timelines and `hig show`: the force change names both forces.
    public var flagWords: [String] {
        flags.map { flag in
            switch flag {
            case .reversal: "REVERSAL"
            case .forceChanged: "force \(forceFrom.rawValue) → \(forceTo.rawValue)"
            case .curated: "curated"
            case .lowConfidence: "low confidence"
            case .doubt: "possible counterpart (\(doubt?.reason ?? "doubt"))"
            }
        }
    }
}

extension EditionDiff.Pair {
    /// For `hig diff`: `reversal` is how the output spells a reversal ("REVERSAL" in text,
    /// "reversal" in Markdown).
    public func flagWords(reversal: String) -> [String] {
        flags.map { flag in
            switch flag {
            case .reversal: reversal
            case .forceChanged: "force changed"
            case .curated: "curated"
            case .lowConfidence: "low confidence"
            case .doubt: "possible counterpart (\(doubt?.reason ?? "doubt"))"
            }
        }
    }
}
