/// The version of hig, printed by `hig --version` and named in every export's provenance.
public enum HIGVersion {
    public static let current = "0.1.0"
}
