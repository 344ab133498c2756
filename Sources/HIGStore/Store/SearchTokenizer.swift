import CSQLite
import Foundation
import HIGDatabase

/// The index's own tokenizer (`FullTextTokenizer.spec`),
/// called directly: the terms a text is indexed or searched as, folded and stemmed exactly as
/// FTS5 folds them.
///
/// Search uses it to know when two words of a query are one term ("Cancel cancelled" is the
/// term `cancel` twice), to read a word's rule count in `search_terms`, and to find a term's
/// written form in a rule's text for a suggestion; the import, to store each section's terms
/// (`SearchRuleFacts`). A copy of the folding rules in Swift would drift from FTS5's; this is
/// FTS5's own code.
final class SearchTokenizer {
    /// FTS5's API on `db`'s connection, which it hands out through a pointer bound to
    /// `SELECT fts5(?1)`.
    static func fts5API(of db: Database) throws(SQLiteError) -> UnsafeMutablePointer<fts5_api> {
        var api: UnsafeMutablePointer<fts5_api>?
        let statement = try Statement(connection: db.handle, sql: "SELECT fts5(?1)")
        // FTS5 writes through the pointer while the statement steps: both happen inside the
        // closure, where the pointer is valid.
        try withUnsafeMutablePointer(to: &api) { (pointer) throws(SQLiteError) in
            try check(sqlite3_bind_pointer(statement.handle, 1, pointer, "fts5_api_ptr", nil), db.handle, sql: statement.sql)
            _ = try statement.step()
        }
        guard let api else {
            throw SQLiteError(code: SQLITE_ERROR, message: "FTS5 is not available", sql: statement.sql, path: db.path)
        }
        return api
    }

    /// The index's tokenizer on `db`'s connection.
    static func of(_ db: Database) throws(SQLiteError) -> SearchTokenizer {
        try SearchTokenizer(api: fts5API(of: db), db: db)
    }

    /// A term and where it stands in the text, in UTF-8 bytes.
    struct Token {
        let term: String
        let bytes: Range<Int>
    }

    private let tokenizer: fts5_tokenizer
    private let instance: OpaquePointer

    /// Makes the tokenizer `spec` names ("porter unicode61 remove_diacritics 2": a tokenizer and
    /// its arguments) from FTS5's API on `db`'s connection. It holds no reference to the
    /// connection (the connection holds the ranking that holds it), and needs none: a tokenizer
    /// instance is FTS5's code and its own options.
    init(api: UnsafeMutablePointer<fts5_api>, db: Database, spec: String = FullTextTokenizer.spec) throws(SQLiteError) {
        let parts = spec.split(separator: " ").map(String.init)
        var userData: UnsafeMutableRawPointer?
        var found = fts5_tokenizer()
        let code = api.pointee.xFindTokenizer(api, parts[0], &userData, &found)
        guard code == SQLITE_OK, let create = found.xCreate else {
            throw SQLiteError(
                code: code == SQLITE_OK ? SQLITE_ERROR : code, message: "no FTS5 tokenizer \(parts[0])", sql: nil, path: db.path)
        }
        var arguments: [UnsafePointer<CChar>?] = parts.dropFirst().map { UnsafePointer(strdup($0)) }
        defer { arguments.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        var made: OpaquePointer?
        let createCode = create(userData, &arguments, Int32(arguments.count), &made)
        guard createCode == SQLITE_OK, let made else {
            throw SQLiteError(
                code: createCode == SQLITE_OK ? SQLITE_ERROR : createCode, message: "cannot make FTS5 tokenizer \(spec)", sql: nil,
                path: db.path)
        }
        tokenizer = found
        instance = made
    }

    deinit {
        tokenizer.xDelete?(instance)
    }

    /// The terms and places of `text`, as a query (`forQuery`) or a document would be tokenized.
    func tokens(_ text: String, forQuery: Bool = true) -> [Token] {
        final class Collected {
            var tokens: [Token] = []
        }
        let collected = Collected()
        var text = text
        _ = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                tokenizer.xTokenize(
                    instance, Unmanaged.passUnretained(collected).toOpaque(), forQuery ? FTS5_TOKENIZE_QUERY : FTS5_TOKENIZE_DOCUMENT,
                    chars.baseAddress, Int32(chars.count)
                ) { context, flags, token, length, start, end in
                    // A colocated token is a synonym at the same place; unicode61 and porter make none.
                    guard flags & FTS5_TOKEN_COLOCATED == 0, let context, let token else { return SQLITE_OK }
                    let term = String(decoding: UnsafeRawBufferPointer(start: token, count: Int(length)), as: UTF8.self)
                    Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue().tokens.append(
                        Token(term: term, bytes: Int(start)..<Int(end)))
                    return SQLITE_OK
                }
            }
        }
        return collected.tokens
    }

    /// The terms of `text`, in order.
    func terms(_ text: String) -> [String] {
        tokens(text).map(\.term)
    }
}
