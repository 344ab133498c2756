/// The tokenizer of the rules' full-text index, as FTS5 names it: Porter stems over `unicode61`
/// tokens, diacritics removed. The migrations write it into the index (a test holds that they
/// agree); search snippets and the lineage's stems read it from here, so that all three cut and
/// stem words alike.
package enum FullTextTokenizer {
    package static let spec = "porter unicode61 remove_diacritics 2"
}
