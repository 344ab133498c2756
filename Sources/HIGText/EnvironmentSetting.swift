import Foundation

/// The settings a user gives through environment variables, read strictly: a value that is set
/// but cannot be read is refused with what is allowed, never silently replaced by the default.
/// An empty value counts as unset, as a variable exported empty by a script usually means.
public enum EnvironmentSetting {
    /// `$HIG_BUSY_TIMEOUT`: how long an import waits for another one's write lock; nil when unset.
    public static func busyTimeout(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Duration? {
        let name = "HIG_BUSY_TIMEOUT"
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw HIGError.invalidEnvironment(
                name: name, value: text,
                allowed: "a number of seconds from 0 to 86400, e.g. 0.5 (unset, it is 5)")
        }
        return .milliseconds(Int(seconds * 1_000))
    }

    /// The database a command opens when `--db` names none: `$HIG_DB`, then `hig.sqlite` in the
    /// current folder.
    public static func databasePath(
        given: String?, _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let given { return given }
        if let path = environment["HIG_DB"], !path.isEmpty { return path }
        return "hig.sqlite"
    }

    /// `$SOURCE_DATE_EPOCH`: the date an export is stamped with, so that a build reproduces it;
    /// nil when unset. The reproducible-builds convention: whole seconds since 1970 in UTC,
    /// written as `date +%s` writes them.
    public static func sourceDate(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Date? {
        let name = "SOURCE_DATE_EPOCH"
        guard let text = environment[name], !text.isEmpty else { return nil }
        // At most the last second of the year 9999, which a four-digit year can still show.
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(text), seconds <= 253_402_300_799 else {
            throw HIGError.invalidEnvironment(
                name: name, value: text,
                allowed: "whole seconds since 1970-01-01 UTC as `date +%s` prints them, e.g. 1700000000 (unset, it is today)")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
