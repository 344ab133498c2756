/// The report's inline style and script.
///
/// Colours meet WCAG AA against their backgrounds (text 4.5:1 or more, control borders 3:1 or
/// more); insertions and deletions also differ by underline, strike-through and a + or − marker.
/// The script holds no `<` or `&`, so the page stays well-formed XML without CDATA.
extension HTMLReport {
    /// The window width under which the tables of figures (At a glance, Sources) are cards: a
    /// little more than the glance table's fourteen columns need at their narrowest
    /// (`HTMLLayoutTests` checks it), so that no window scrolls sideways.
    static let stackedBelow = "74rem"

    static let style = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #545458; --line: #d2d2d7; --panel: #f5f5f7;
          --link: #0a58ca; --ins-bg: #d8f3df; --ins-ink: #0d4f20; --del-bg: #fde2e2; --del-ink: #8a1616; --mark: #fff3c4; }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; color: var(--ink); background: #fff;
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        .wrap { max-width: 86rem; margin: 0 auto; padding: 0 1.25rem; }
        a { color: var(--link); text-underline-offset: 2px; }
        a:focus-visible, select:focus-visible, input:focus-visible, button:focus-visible, [tabindex]:focus-visible {
          outline: 3px solid var(--link); outline-offset: 2px; }
        code, .rid, .hash { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; }
        .skip { position: absolute; left: -100rem; top: .5rem; background: #fff; padding: .5rem 1rem; z-index: 10; }
        .skip:focus { left: .5rem; }
        .vh { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .muted { color: var(--muted); }
        header.page { background: var(--panel); border-bottom: 1px solid var(--line); padding: 1.75rem 0 1rem; }
        h1 { font-size: clamp(1.6rem, 4vw, 2.25rem); line-height: 1.15; margin: 0 0 .5rem; letter-spacing: -.01em; }
        h2 { font-size: 1.5rem; line-height: 1.2; margin: 2.5rem 0 .75rem; }
        h3 { font-size: 1.15rem; line-height: 1.3; margin: 0 0 .25rem; }
        h4 { margin: 0 0 .5rem; font-size: .95rem; }
        .lede { font-size: 1.15rem; max-width: 60rem; margin: 0 0 .5rem; }
        .toc ul { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; list-style: none; padding: 0; margin: .75rem 0 0; font-weight: 600; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; }
        caption { text-align: left; caption-side: top; padding: 0 0 .5rem; color: var(--muted); }
        th, td { text-align: left; vertical-align: top; padding: .6rem .75rem; border-bottom: 1px solid var(--line); }
        thead th { background: var(--ink); color: #fff; font-size: .8rem; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
        .numbers td { font-variant-numeric: tabular-nums; }
        .numbers th[scope=row] { font-weight: 600; white-space: nowrap; }
        .numbers th[scope=row] .muted { font-weight: 400; white-space: normal; }
        .sources td, .sources th[scope=row] { white-space: normal; }
        .hash { font-size: .75rem; word-break: break-all; }
        .filtered { position: relative; }
        .filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .75rem 1rem; align-items: end;
          background: var(--panel); border: 1px solid var(--line); border-radius: .625rem; padding: .875rem 1rem; margin: 2rem 0 0; }
        .filters label { display: block; font-weight: 600; font-size: .875rem; margin-bottom: .2rem; }
        .filters select, .filters input, .filters button { width: 100%; font: inherit; color: var(--ink); background: #fff;
          border: 1px solid #767676; border-radius: .375rem; padding: .45rem .5rem; min-height: 2.5rem; }
        .filters button { font-weight: 600; cursor: pointer; }
        .filters button:hover { background: var(--panel); }
        .status { grid-column: 1 / -1; margin: 0; font-weight: 600; }
        @media (min-width: 56rem) {
          .filters { position: sticky; top: 0; z-index: 2; box-shadow: 0 2px 6px rgba(0, 0, 0, .08); }
          /* A link to a rule or a timeline brings it below the sticky filters, not under them. */
          .filtered [id] { scroll-margin-top: 9.5rem; }
        }
        .rules th[scope=row] { font-weight: 400; width: 9.5rem; }
        .rules td:nth-child(3) { width: 13rem; }
        .rules td:nth-child(4) { width: 14rem; }
        .rules td:nth-child(5) { width: 14rem; }
        .rules tbody tr:hover { background: #fafafa; }
        .rules tr.group th { background: var(--panel); font-size: 1.05rem; font-weight: 700; padding: .75rem; border-top: 2px solid var(--ink); }
        .rules tr:target, .lineage:target { background: var(--mark); }
        .rid { font-size: .85rem; font-weight: 600; }
        .meta { display: block; font-size: .85rem; color: var(--muted); margin-top: .15rem; }
        cite.meta { font-style: italic; }
        .section { margin: 0 0 .2rem; }
        .title { display: block; }
        .rule-text { max-width: 42rem; }
        /* A long identifier in a rule's words (UITableViewCellAccessoryDetailDisclosureButton)
           breaks at the cell's edge rather than widen the page. */
        .rule-text, .version, .why, .index td { overflow-wrap: anywhere; }
        .index th[scope=row] { white-space: normal; }
        .tags { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .25rem; }
        .tags li { font-size: .8rem; line-height: 1.4; background: var(--panel); border: 1px solid var(--line); border-radius: 1rem; padding: .05rem .5rem; }
        .src { font-size: .9rem; word-break: break-word; }
        .to-timeline { display: inline-block; margin-top: .3rem; font-size: .9rem; font-weight: 600; }
        .badge { display: inline-block; font-size: .8rem; font-weight: 600; line-height: 1.4; border: 1px solid #8e8e93;
          border-radius: .25rem; padding: 0 .35rem; background: #fff; color: var(--ink); }
        .change-unchanged { border-style: dashed; }
        .change-added { background: var(--ins-bg); color: var(--ins-ink); border-color: var(--ins-ink); }
        .change-replaced, .change-revised { background: #eef3fb; color: #173f7a; border-color: #173f7a; }
        .change-merged, .change-split { background: #f3eefb; color: #4b2a7a; border-color: #4b2a7a; }
        .flags { display: inline-flex; flex-wrap: wrap; gap: .25rem; vertical-align: middle; margin: .2rem 0; }
        .flags:first-child { margin-top: 0; }
        td .flags { display: flex; }
        .flag { display: inline-block; font-size: .8rem; font-weight: 700; line-height: 1.4; border: 1px solid; border-radius: .25rem; padding: 0 .4rem; }
        .flag-reversal { background: #b3261e; color: #fff; border-color: #b3261e; }
        .flag-force { background: #fff4d6; color: #5e3d00; border-color: #a67c1e; }
        .flag-curated { background: #e8f0fe; color: #163f86; border-color: #6d93d6; }
        .flag-low { background: var(--panel); color: var(--ink); border-style: dashed; }
        ins, del { text-decoration-thickness: 2px; border-radius: .2rem; padding: 0 .1rem; }
        ins { background: var(--ins-bg); color: var(--ins-ink); text-decoration-line: underline; text-underline-offset: 3px; }
        del { background: var(--del-bg); color: var(--del-ink); text-decoration-line: line-through; }
        .mk { display: inline-block; font-weight: 700; margin-right: .15em; text-decoration: none; }
        .legend { background: var(--panel); border: 1px solid var(--line); border-radius: .625rem; padding: .75rem 1rem; max-width: 60rem; }
        .legend p { margin: 0 0 .5rem; }
        .flag-legend { list-style: none; margin: 0; padding: 0; display: grid; gap: .35rem; }
        .lineage { border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem 1.25rem; margin: 1.25rem 0; }
        .path { margin: .1rem 0 1rem; color: var(--muted); }
        .timeline { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 1rem; list-style: none; margin: 0; padding: 0; }
        .timeline > li { min-width: 0; }
        .edition { display: inline-block; background: var(--ink); color: #fff; border-radius: .3rem; padding: .05rem .55rem; }
        .version { border: 1px solid var(--line); border-left: 4px solid #8e8e93; border-radius: .5rem; padding: .6rem .75rem; margin: 0 0 .75rem; background: #fff; }
        .version.changed { border-left-color: var(--link); }
        .vmeta { margin: 0; font-size: .85rem; color: var(--muted); }
        .links { list-style: none; margin: .35rem 0 0; padding: 0; font-size: .9rem; }
        .links li { margin: 0 0 .25rem; }
        .why { font-size: .875rem; background: var(--panel); border-left: 3px solid #6d93d6; padding: .35rem .6rem; margin: .35rem 0; }
        .text { margin: .5rem 0 0; }
        details { margin: .5rem 0 0; font-size: .9rem; }
        summary { cursor: pointer; color: var(--link); font-weight: 600; }
        footer { margin: 3rem auto 2rem; }
        @media (max-width: 48rem) {
          .wrap { padding: 0 .875rem; }
          .rules, .rules caption, .rules thead, .rules tbody, .rules tr, .rules th, .rules td { display: block; width: auto !important; }
          .rules thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          .rules tr { border: 1px solid var(--line); border-radius: .625rem; margin: 0 0 .875rem; padding: .35rem 0; }
          .rules th, .rules td { border: 0; padding: .3rem .875rem; }
          .rules th[scope=row] { background: var(--panel); border-radius: .625rem .625rem 0 0; margin-top: -.35rem; padding-top: .5rem; }
          .rules td[data-label]::before { content: attr(data-label); display: block; font-size: .75rem; font-weight: 700;
            text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
          .lineage { padding: .75rem; }
          .rules tr.group { border: 0; padding: 0; margin: 1.5rem 0 .75rem; }
          .rules tr.group th { border-radius: .625rem; }
        }
        .glance th, .glance td { padding: .5rem .45rem; }
        /* Thirteen columns of figures fit a laptop's window: headings in sentence case that wrap,
           the pair of editions and its command wrapping at spaces. */
        .glance thead th { text-transform: none; letter-spacing: 0; vertical-align: bottom; }
        .glance th[scope=row], .numbers.glance th[scope=row] { white-space: normal; }
        .glance th[scope=row] code { font-weight: 400; }
        .nw { white-space: nowrap; }
        @media (max-width: \(stackedBelow)) {
          /* Tables of figures become one card per row, each figure labelled: nothing hides
             behind a horizontal scroll. */
          .stack, .stack caption, .stack thead, .stack tbody, .stack tr, .stack th, .stack td { display: block; width: auto; }
          .stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          .stack tr { border: 1px solid var(--line); border-radius: .625rem; margin: 0 0 .875rem; overflow: hidden; }
          .stack th[scope=row] { background: var(--panel); border-bottom: 1px solid var(--line); white-space: normal; }
          .stack th[scope=row] a { overflow-wrap: anywhere; }
          .stack td { display: flex; justify-content: space-between; gap: 1rem; border: 0; padding: .2rem .875rem; text-align: right; }
          .stack td[data-label]::before { content: attr(data-label); color: var(--muted); font-weight: 600; text-align: left; }
          .stack td[colspan] { display: block; text-align: left; }
        }
        @media print {
          .filters, .skip, .toc { display: none !important; }
          .lineage, .version, .rules tr { break-inside: avoid; }
          a { color: inherit; }
        }

        """

    static let script = """
        (function () {
          "use strict";
          var form = document.getElementById("filters");
          var status = document.getElementById("f-status");
          var edition = document.getElementById("f-edition");
          var topic = document.getElementById("f-topic");
          var kind = document.getElementById("f-kind");
          var words = document.getElementById("f-words");
          var rows = Array.prototype.slice.call(document.querySelectorAll("table.rules tbody tr[data-edition]"));
          var groups = Array.prototype.slice.call(document.querySelectorAll("table.rules tr.group"));
          var lineages = Array.prototype.slice.call(document.querySelectorAll("article.lineage"));
          function plural(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }
          // A rule's words: the text nodes of its visible words (not ids, not struck-out words),
          // each apart, lower-case, letters and digits only; a query word matches the start of one.
          function normalize(text) {
            return text.toLowerCase().replace(/['\\u2019]/g, "").replace(/[^\\p{L}\\p{N}]+/gu, " ").trim();
          }
          function wordsOf(element) {
            if (element.higWords === undefined) {
              var parts = [];
              Array.prototype.slice.call(element.querySelectorAll(element.dataset.words)).forEach(function (part) {
                var walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
                for (var node = walker.nextNode(); node !== null; node = walker.nextNode()) {
                  if (node.parentNode.closest("del, .vh") === null) { parts.push(node.nodeValue); }
                }
              });
              element.higWords = " " + normalize(parts.join(" ")) + " ";
            }
            return element.higWords;
          }
          function matches(element) {
            var data = element.dataset;
            var wanted = normalize(words.value);
            if (edition.value !== "" ? data.edition !== edition.value : false) { return false; }
            if (kind.value !== "" ? data.kind !== kind.value : false) { return false; }
            if (topic.value !== "" ? data.topics.split(" ").indexOf(topic.value) === -1 : false) { return false; }
            var text = wordsOf(element);
            return wanted === "" || wanted.split(" ").every(function (word) { return text.indexOf(" " + word) !== -1; });
          }
          function apply() {
            var shownRows = rows.filter(function (row) { row.hidden = !matches(row); return !row.hidden; }).length;
            groups.forEach(function (group) {
              var members = Array.prototype.slice.call(group.parentNode.querySelectorAll("tr[data-edition]"));
              var shown = members.filter(function (row) { return !row.hidden; }).length;
              var label = group.querySelector(".group-count");
              group.hidden = shown === 0;
              label.textContent = "· " + (shown === members.length ? "" : shown + " of ") + plural(members.length, "rule");
            });
            var shownLineages = lineages.filter(function (lineage) {
              var versions = Array.prototype.slice.call(lineage.querySelectorAll(".version"));
              lineage.hidden = !versions.some(matches);
              return !lineage.hidden;
            }).length;
            var all = shownRows === rows.length ? shownLineages === lineages.length : false;
            status.textContent = all
              ? "Showing all " + plural(rows.length, "rule") + " and " + plural(lineages.length, "lineage") + "."
              : "Showing " + shownRows + " of " + plural(rows.length, "rule") + " and " + shownLineages + " of "
                + plural(lineages.length, "lineage") + ".";
          }
          form.addEventListener("input", apply);
          form.addEventListener("change", apply);
          form.addEventListener("reset", function () { window.setTimeout(apply, 0); });
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          form.hidden = false;
          apply();
        })();

        """
}
