/// What a reader is told about a link besides its class: the flags of `hig evolution` and
/// `hig diff` and of the reports. Which flags a link has is decided here alone; each output
/// only words them.
public enum LinkFlag: Sendable, CaseIterable {
    /// The later rule recommends what the earlier one ruled out, or the other way round.
    case reversal
    /// The two rules' normative force differs (`NormativeForce`).
    case forceChanged
    /// Set down by hand (`LinkMethod.curated`).
    case curated
    /// Under `LinkConfidence.lowBelow`: where links stop being right 95 times in 100.
    case lowConfidence
    /// A possible counterpart: the two rules are not what a right link joins, whatever the
    /// confidence (`LinkDoubt`: guidance and a figure, two pages, a rival nearly as good).
    case doubt

    /// The flags of a link, in the order they are shown.
    public static func of(
        reversal: Bool, forceChanged: Bool, method: LinkMethod, confidence: Double?, doubt: LinkDoubt? = nil
    ) -> [LinkFlag] {
        var flags: [LinkFlag] = []
        if doubt != nil { flags.append(.doubt) }
        if let confidence, confidence < LinkConfidence.lowBelow { flags.append(.lowConfidence) }
        if reversal { flags.append(.reversal) }
        if forceChanged { flags.append(.forceChanged) }
        if method == .curated { flags.append(.curated) }
        return flags
    }
}

extension LinkRecord {
    public var flags: [LinkFlag] {
        LinkFlag.of(reversal: reversal, forceChanged: forceChanged, method: method, confidence: confidence, doubt: doubt)
    }
}
