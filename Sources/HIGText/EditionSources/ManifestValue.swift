import Foundation

/// Reads the values of `editions.json` that JSON alone cannot check, so that a wrong one is named
/// with what is allowed: a `form` that is no known form, an `order` of 3.5. (The decoder's own
/// errors say only "cannot initialize Form from invalid String value", or call a fractional
/// number invalid JSON.)
enum ManifestValue {
    /// A value of the right JSON type that the manifest does not allow; `EditionManifest.load`
    /// makes it an error naming the manifest.
    struct Invalid: Error {
        let reason: String
    }

    /// An integer; `owner` names what holds it (`edition '2011'`).
    static func integer<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, of owner: String) throws -> Int {
        if let value = try? container.decode(Int.self, forKey: key) { return value }
        // A missing key or null is the decoder's usual error, which names where it is missing.
        guard container.contains(key), !(try container.decodeNil(forKey: key)) else { return try container.decode(Int.self, forKey: key) }
        throw Invalid(reason: "\(owner): \(key.stringValue) must be an integer, not \(describe(container, key))")
    }

    static func integerIfPresent<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, of owner: String) throws -> Int? {
        guard container.contains(key), !(try container.decodeNil(forKey: key)) else { return nil }
        return try integer(container, key, of: owner)
    }

    /// One of a closed set of words (`form`, `coverage`).
    static func oneOf<Value: RawRepresentable & CaseIterable, Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, of owner: String
    ) throws -> Value where Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = try? container.decode(String.self, forKey: key) else {
            guard container.contains(key), !(try container.decodeNil(forKey: key)) else {
                _ = try container.decode(String.self, forKey: key)
                throw Invalid(reason: "\(owner): \(key.stringValue) is missing; allowed: \(allowed)")
            }
            throw Invalid(reason: "\(owner): \(key.stringValue) must be one of \(allowed), not \(describe(container, key))")
        }
        guard let value = Value(rawValue: text) else {
            throw Invalid(reason: "\(owner): \(key.stringValue) '\(text)' is unknown; it must be one of: \(allowed)")
        }
        return value
    }

    /// A JSON value as a reader of the manifest would recognise it.
    private static func describe<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> String {
        if let number = try? container.decode(Double.self, forKey: key) {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        if let text = try? container.decode(String.self, forKey: key) { return "the text \"\(text)\"" }
        if let flag = try? container.decode(Bool.self, forKey: key) { return String(flag) }
        return "a list or an object"
    }
}

// The manifest's values read through `ManifestValue`, in extensions so that the types keep
// their memberwise initialisers.

extension EditionManifest {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try ManifestValue.integer(container, .format, of: "the manifest")
        editions = try container.decode([Edition].self, forKey: .editions)
        files = try container.decodeIfPresent([File].self, forKey: .files) ?? []
        folders = try container.decodeIfPresent([Folder].self, forKey: .folders)
        curatedLinks = try container.decodeIfPresent(String.self, forKey: .curatedLinks)
        formerRuleIDs = try container.decodeIfPresent(String.self, forKey: .formerRuleIDs)
    }
}

extension EditionManifest.Edition {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        order = try ManifestValue.integerIfPresent(container, .order, of: "edition '\(id)'")
        date = try container.decodeIfPresent(String.self, forKey: .date)
        platformScope = try container.decode(String.self, forKey: .platformScope)
        platforms = try container.decode([String].self, forKey: .platforms)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        formerIDs = try container.decodeIfPresent([String].self, forKey: .formerIDs)
        predecessors = try container.decodeIfPresent([String].self, forKey: .predecessors) ?? []
        line = try container.decodeIfPresent(String.self, forKey: .line)
        prereleaseOf = try container.decodeIfPresent(String.self, forKey: .prereleaseOf)
    }
}

extension EditionManifest.File {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        let owner = "file \(path)"
        edition = try container.decode(String.self, forKey: .edition)
        document = try container.decode(String.self, forKey: .document)
        chunk = try ManifestValue.integerIfPresent(container, .chunk, of: owner)
        form = try ManifestValue.oneOf(container, .form, of: owner)
        coverage = try ManifestValue.oneOf(container, .coverage, of: owner)
        restoredHeadings = try container.decodeIfPresent([EditionManifest.RestoredHeading].self, forKey: .restoredHeadings)
        restoredPlatforms = try container.decodeIfPresent([EditionManifest.RestoredPlatforms].self, forKey: .restoredPlatforms)
        chunks = try container.decodeIfPresent(String.self, forKey: .chunks)
        title = try container.decodeIfPresent(String.self, forKey: .title)
    }
}

extension EditionManifest.Folder {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        folder = try container.decode(String.self, forKey: .folder)
        let owner = "folder \(folder)"
        edition = try container.decode(String.self, forKey: .edition)
        document = try container.decode(String.self, forKey: .document)
        form = try ManifestValue.oneOf(container, .form, of: owner)
        coverage = try ManifestValue.oneOf(container, .coverage, of: owner)
        `extension` = try container.decode(String.self, forKey: .extension)
    }
}

extension EditionManifest.RestoredHeading {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        beforeLine = try ManifestValue.integer(container, .beforeLine, of: "restored heading '\(title)'")
        platforms = try container.decodeIfPresent([String].self, forKey: .platforms)
        why = try container.decode(String.self, forKey: .why)
    }
}
