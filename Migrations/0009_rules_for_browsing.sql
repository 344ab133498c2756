-- Every rule on one row with its topics and platforms, for browsing the database in a tool
-- such as Datasette (Datasette/metadata.json): its facets work on one table or view, and a
-- rule's topics and platforms live in rule_topics and rule_platforms, so this view gives them
-- as JSON arrays, which Datasette facets as arrays. A view stores nothing and hig does not read
-- it; `source` is the citation hig prints (file:line or file:first-last).
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
       s.document
FROM rules r
JOIN sources s ON s.id = r.source_id;
