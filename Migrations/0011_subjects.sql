-- The whole HIG's subjects (Data/taxonomy/subjects.json) join the topics as a tree: each topic
-- may name its parent, and a rule may have a topic through its page (a web page's subject), its
-- section (a heading naming a subject, in any edition), besides its own words ('match') and the
-- rule it belongs to ('parent'). Topics are recomputed at the next import.

ALTER TABLE topics ADD COLUMN parent_slug TEXT;

DROP VIEW rules_browse;

CREATE TABLE rule_topics_0011 (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    topic_slug     TEXT NOT NULL REFERENCES topics(slug) ON DELETE CASCADE,
    via            TEXT NOT NULL CHECK (via IN ('match', 'parent', 'page', 'section')),
    PRIMARY KEY (rule_id, topic_slug)
) STRICT, WITHOUT ROWID;

INSERT INTO rule_topics_0011 SELECT rule_id, topic_slug, via FROM rule_topics;
DROP TABLE rule_topics;
ALTER TABLE rule_topics_0011 RENAME TO rule_topics;
CREATE INDEX rule_topics_by_topic ON rule_topics(topic_slug);

DELETE FROM store_facts WHERE key = 'taxonomy_sha256';

-- Migration 0010's view, unchanged.
CREATE VIEW rules_browse AS
SELECT r.rowid AS rule_rowid,
       r.id,
       r.edition_id AS edition,
       r.kind,
       r.section,
       r.title,
       r.text,
       (SELECT json_group_array(topic_slug) FROM
           (SELECT rt.topic_slug FROM rule_topics rt JOIN topics t ON t.slug = rt.topic_slug
            WHERE rt.rule_id = r.id ORDER BY t.position)) AS topics,
       (SELECT json_group_array(platform) FROM
           (SELECT platform FROM rule_platforms p WHERE p.rule_id = r.id ORDER BY platform)) AS platforms,
       s.path || ':' || r.line_start || CASE WHEN r.line_end > r.line_start THEN '-' || r.line_end ELSE '' END AS source,
       r.page,
       coalesce(r.chunk, s.chunk) AS chunk,
       s.document,
       s.url
FROM rules r
JOIN sources s ON s.id = r.source_id;
