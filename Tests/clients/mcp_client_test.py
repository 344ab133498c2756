"""End-to-end test of `hig mcp` with the official Python MCP SDK (PyPI `mcp`), a client nobody
here wrote.

Usage: python mcp_client_test.py PATH/TO/hig

It starts `hig mcp` on a database that does not exist yet (so the server imports the editions
in the background, with its notes on stderr and nothing on stdout but the protocol), measures
how long `initialize` takes, lists the tools, resources and templates, calls every tool with
good and bad arguments, reads resources, and prints one line per check, then `N passed, M
failed`. It exits 1 on any failure, and gives up after a bounded time rather than hang.

The first session serves the five seed files (Tests/Fixtures/seed-editions, through
HIG_EDITIONS): the expected values were read by hand from them. The second serves the bundle
(Data/editions, the whole HIG) and checks what only it has: eight editions named by what they
are, `current` and former ids resolving, subjects other than alerts.
"""

import asyncio
import json
import os
import time

from mcp import ClientSession, StdioServerParameters, stdio_client

from harness import SEED_EDITIONS, check, hig_environment, run_checks, temporary_folder

try:  # mcp 2.x
    from mcp import MCPError as ProtocolError
except ImportError:  # mcp 1.x
    from mcp.shared.exceptions import McpError as ProtocolError

TOOLS = ["search_rules", "get_rule", "rule_evolution", "edition_diff", "what_changed", "list_editions", "list_topics",
         "list_sections"]
CITATION_PREFIX = "Tests/Fixtures/seed-editions/"
# How long `initialize` may take with no database yet: the time to start the process, far less
# than importing the bundle (about a minute in a debug build, which `initialize` used to wait out).
INITIALIZE_SECONDS = 5
# Below this confidence a link is of low confidence: the model file's threshold, as hig reads it.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "taxonomy",
                       "lineage-confidence.json"), encoding="utf-8") as _model:
    LOW_CONFIDENCE_BELOW = json.load(_model)["low_confidence_below"]


def field(obj, *names):
    """An attribute under its mcp 2.x (snake_case) or 1.x (camelCase) name."""
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    raise AttributeError(names[0])


async def call(session, tool, arguments):
    """(is_error, text, parsed JSON or None) of a tool call."""
    result = await session.call_tool(tool, arguments)
    text = result.content[0].text
    is_error = field(result, "is_error", "isError")
    return is_error, text, (None if is_error else json.loads(text))


async def expect_tool_error(session, name, tool, arguments, *words):
    is_error, text, _ = await call(session, tool, arguments)
    check(name, is_error and all(word in text for word in words), f"(is_error={is_error}, text={text!r})")


async def expect_protocol_error(name, action, *words):
    try:
        await action
    except ProtocolError as error:
        message = str(error)
        check(name, all(word in message for word in words), f"(message={message!r})")
        return
    check(name, False, "(no error)")


def cited(rule):
    return rule["id"] and rule["edition"] and rule["citation"].startswith(CITATION_PREFIX) and ":" in rule["citation"]


async def listing(session, initialized):
    info = field(initialized, "server_info", "serverInfo")
    check("initialize names the server hig", info.name == "hig", info.name)
    capabilities = initialized.capabilities
    check("it offers tools and resources", capabilities.tools is not None and capabilities.resources is not None)

    tools = (await session.list_tools()).tools
    check("it lists the eight tools", sorted(t.name for t in tools) == sorted(TOOLS), [t.name for t in tools])
    for tool in tools:
        schema = field(tool, "input_schema", "inputSchema")
        annotations = tool.annotations
        check(f"{tool.name}: a JSON schema of an object with no other keys",
              schema.get("type") == "object" and schema.get("additionalProperties") is False)
        check(f"{tool.name}: a description an assistant can act on", len(tool.description or "") > 150)
        check(f"{tool.name}: marked read-only and not destructive",
              field(annotations, "read_only_hint", "readOnlyHint") is True
              and field(annotations, "destructive_hint", "destructiveHint") is False)
    search = next(t for t in tools if t.name == "search_rules")
    properties = field(search, "input_schema", "inputSchema")["properties"]
    check("search_rules takes query, edition, topic, section, platform, kind and limit",
          set(properties) == {"query", "edition", "topic", "section", "platform", "kind", "limit"})
    texts = json.dumps([[t.description, field(t, "input_schema", "inputSchema")] for t in tools])
    check("the tools' descriptions teach today's ids, not the former ones",
          "ios-2011-03" in texts and "current" in texts and "2010-be6ca266" not in texts and "e.g. 2008" not in texts)

    resources = (await session.list_resources()).resources
    check("the editions are listed as resources",
          sorted(str(r.uri) for r in resources) == [f"hig://edition/{e}" for e in ["2008", "2010", "2011", "web-2022-23"]],
          [str(r.uri) for r in resources])
    templates = field(await session.list_resource_templates(), "resource_templates", "resourceTemplates")
    check("the rule and edition templates are listed",
          sorted(field(t, "uri_template", "uriTemplate") for t in templates) == ["hig://edition/{id}", "hig://rule/{id}"])


async def search_rules(session):
    _, _, answer = await call(session, "search_rules", {"query": "tap"})
    hits = answer["hits"]
    check("search tap: 2010-ad054201 ranks first, cited at Tests/Fixtures/seed-editions/2010-chunk103.md:5",
          hits[0]["id"] == "2010-ad054201" and hits[0]["citation"] == "Tests/Fixtures/seed-editions/2010-chunk103.md:5", hits[0])
    check("search tap: the snippet marks the word", "**tap**" in hits[0]["snippet"])
    check("search tap: every hit cites its id, edition and file:lines", all(cited(h) for h in hits))
    _, _, answer = await call(session, "search_rules", {"query": "button", "edition": "2011", "kind": "guideline",
                                                        "topic": "button colours", "limit": 3})
    hits = answer["hits"]
    check("search with filters: only 2011 guidelines of button-placement, at most 3",
          0 < len(hits) <= 3 and all(h["edition"] == "2011" and h["kind"] == "guideline"
                                     and "button-placement" in h["topics"] for h in hits), hits)
    _, _, answer = await call(session, "search_rules", {"query": "symbol", "section": "macos", "platform": "macOS"})
    hits = answer["hits"]
    check("search by section and platform: web-2022-23-4111c3e7 alone, under the macOS heading",
          [h["id"] for h in hits] == ["web-2022-23-4111c3e7"] and hits[0]["section"] == "macOS", hits)
    await expect_tool_error(session, "search without a query", "search_rules", {}, "query", "required")
    await expect_tool_error(session, "search with limit 0", "search_rules", {"query": "tap", "limit": 0}, "limit", "1 to 100")
    await expect_tool_error(session, "search with limit 'ten'", "search_rules", {"query": "tap", "limit": "ten"}, "limit", "integer")
    await expect_tool_error(session, "search an unknown edition", "search_rules", {"query": "tap", "edition": "1999"},
                            "1999", "2008, 2010, 2011, web-2022-23")
    await expect_tool_error(session, "search an unknown kind", "search_rules", {"query": "tap", "kind": "rule"},
                            "kind", "guideline")
    await expect_tool_error(session, "search an unknown topic", "search_rules", {"query": "tap", "topic": "zzzz"},
                            "unknown topic")
    await expect_tool_error(session, "search with an unknown argument", "search_rules", {"query": "tap", "sort": "x"},
                            "unknown argument 'sort'")
    await expect_tool_error(session, "search with the former name of query", "search_rules", {"words": "tap"},
                            "unknown argument 'words'; it takes query,")
    await expect_tool_error(session, "search with a blank query", "search_rules", {"query": "   "}, "query")
    # Issue 29: these two answered a JSON-RPC "Internal error".
    await expect_tool_error(session, "search an unknown platform", "search_rules", {"query": "tap", "platform": "Android"},
                            "unknown platform 'Android'; the platforms are ", "iOS")
    await expect_tool_error(session, "search 21,000 bytes", "search_rules", {"query": "tap " * 5249 + "taps"},
                            "'query' is 21000 bytes long, more than the 1000 a search may be")
    await expect_tool_error(session, "evolution of 21,000 bytes", "rule_evolution", {"query": "tap " * 5249 + "taps"},
                            "'query' is 21000 bytes long")
    await expect_tool_error(session, "search 65 different words", "search_rules",
                            {"query": " ".join(f"word{n}" for n in range(65))}, "65 different words, more than the 64")


async def get_rule(session):
    _, _, answer = await call(session, "get_rule", {"id": "2010-be6ca266"})
    rule = answer["rule"]
    check("get_rule: the verbatim line keeps the PDF's glued words", "testthe" in rule["verbatim"])
    check("get_rule: the clean text and its repairs",
          "test the appearance" in rule["text"]
          and {"line": 7, "kind": "glued-words", "original": "testthe", "replacement": "test the"} in answer["repairs"])
    check("get_rule: provenance", rule["citation"] == "Tests/Fixtures/seed-editions/2010-chunk103.md:7"
          and rule["source"]["sha256"].startswith("04c7c945") and rule["source"]["chunk"] == 103)
    nexts = answer["next_versions"]
    check("get_rule: its next version is 2011-2fcb6d8b, reworded",
          [(n["rule"]["id"], n["link"]["change"]) for n in nexts] == [("2011-2fcb6d8b", "reworded")]
          and nexts[0]["rule"]["citation"] == "Tests/Fixtures/seed-editions/2011-chunk131.md:35", nexts)
    _, _, answer = await call(session, "get_rule", {"id": "2011-2fcb6d8b"})
    check("get_rule: the 2011 version's previous version is 2010-be6ca266",
          [p["rule"]["id"] for p in answer["previous_versions"]] == ["2010-be6ca266"])
    await expect_tool_error(session, "get_rule of an unknown id", "get_rule", {"id": "2011-00000000"},
                            "no rule with id '2011-00000000'")
    await expect_tool_error(session, "get_rule without id", "get_rule", {}, "id", "required")
    await expect_tool_error(session, "get_rule with a number", "get_rule", {"id": 5}, "'id' must be")


async def evolution(session):
    _, _, answer = await call(session, "rule_evolution", {"query": "button colors"})
    check("evolution of a topic named exactly", answer["reading"] == {"as": "topic", "value": "button-placement"})
    longest = answer["lineages"][0]
    check("evolution: the button colours lineage spans 2008 to current",
          longest["editions"][0] == "2008" and longest["editions"][-1] == "web-2022-23", longest["editions"])
    check("evolution: every version cites its source", all(cited(v) for v in longest["versions"]))
    _, _, answer = await call(session, "rule_evolution", {"query": "tap", "limit": 50})
    reversal = [l for lin in answer["lineages"] for l in lin["links"]
                if l["from"] == "2011-87efb4bd" and l["to"] == "web-2022-23-bf953825"]
    check("evolution of words: the tap/choose reversal, curated", len(reversal) == 1 and reversal[0]["reversal"]
          and reversal[0]["method"] == "curated", reversal)
    _, _, answer = await call(session, "rule_evolution", {"query": "infrequency of alerts", "candidates": 2})
    fates = [f for lin in answer["lineages"] for f in lin["after"].values()]
    removed = [f for f in fates if f["rule"] == "2011-42f6c763"]
    # Read in the texts: 2011's "minimize the number of alerts" is the 2022-23 page's "Use alerts sparingly".
    check("evolution with candidates: 2011's 'infrequency of alerts', removed in current, has 'Use alerts sparingly' first",
          len(removed) == 1 and removed[0]["removed_in"] == "web-2022-23"
          and removed[0]["candidates"][0]["text"].startswith("Use alerts sparingly")
          and len(removed[0]["candidates"]) <= 2, removed)
    _, _, answer = await call(session, "rule_evolution", {"query": "infrequency of alerts"})
    fates = [f for lin in answer["lineages"] for f in lin["after"].values()]
    check("evolution without candidates: 'after' says removed in current, without candidates",
          any(f["rule"] == "2011-42f6c763" and f["removed_in"] == "web-2022-23" for f in fates)
          and all("candidates" not in f for f in fates), fates)
    await expect_tool_error(session, "evolution with limit 0", "rule_evolution", {"query": "tap", "limit": 0}, "limit")
    await expect_tool_error(session, "evolution without a query", "rule_evolution", {"limit": 2}, "query", "required")


async def diff(session):
    _, _, answer = await call(session, "edition_diff", {"from": "2010", "to": "2011"})
    counts = (len(answer["unchanged"]), len(answer["added"]), len(answer["removed"]),
              len(answer["not_in_excerpt"]), len(answer["not_in_from_excerpt"]))
    # 2010 is an excerpt: a 2011 rule without a 2010 counterpart is not in that excerpt, not added.
    check("diff 2010 2011: 9 unchanged, 0 added, 0 removed, 2 not in the 2011 excerpt, 17 not in the 2010 one",
          counts == (9, 0, 0, 2, 17), counts)
    # "The infrequency with which alerts appear ..." drops its closing clause in 2011 ("In general,
    # try to avoid creating alerts that:"): revised, not one of the rewordings.
    reworded = [c for c in answer["changed"] if c["change"] == "reworded"]
    check("diff 2010 2011: 9 reworded", len(reworded) == 9, len(reworded))
    listed = answer["added"] + answer["removed"] + [c["from"] for c in answer["changed"]] + [c["to"] for c in answer["changed"]]
    check("diff: every listed rule's text and citation is given",
          all(i in answer["rules"] and answer["rules"][i]["citation"].startswith(CITATION_PREFIX) for i in listed))
    _, _, answer = await call(session, "edition_diff", {"from": "2011", "to": "current", "reversals_only": True})
    check("diff 2011 current, reversals only: the tap/choose reversal",
          [(c["from"], c["to"]) for c in answer["changed"]] == [("2011-87efb4bd", "web-2022-23-bf953825")])
    # 2011 -> current, where Apple rewrote the page, has links of low confidence (2010 -> 2011 has none).
    _, _, full = await call(session, "edition_diff", {"from": "2011", "to": "current"})
    _, _, answer = await call(session, "edition_diff", {"from": "2011", "to": "current", "low_confidence_only": True})
    # Pairs to review: under the threshold, or possible counterparts (`doubt`) whatever their confidence.
    def for_review(c):
        return c["confidence"] < LOW_CONFIDENCE_BELOW or bool(c.get("doubt"))
    low = [(c["from"], c["to"]) for c in full["changed"] if for_review(c)]
    check("diff 2011 current, low confidence only: the changed pairs under the threshold or in doubt, each with its confidence, nothing else",
          low and [(c["from"], c["to"]) for c in answer["changed"]] == low
          and all(for_review(c) for c in answer["changed"]) and not answer["added"] and not answer["removed"],
          answer["changed"])
    _, _, answer = await call(session, "edition_diff", {"from": "2011", "to": "current", "candidates": 2})
    candidates = answer.get("candidates") or {}
    # A pair to review (a possible counterpart, or of low confidence) offers its rules' candidates too.
    review = [r for c in answer["changed"] if c.get("doubt") or (c["confidence"] or 1) < LOW_CONFIDENCE_BELOW
              for r in (c["from"], c["to"])]
    check("diff 2011 current, 2 candidates: removed and added rules and pairs to review only, at most 2 each, every one's text given",
          candidates and set(candidates) <= set(answer["removed"] + answer["added"] + review)
          and all(0 < len(v) <= 2 and all(c["rule"] in answer["rules"] and c["score"] > 0 for c in v)
                  for v in candidates.values()), candidates)
    # Read in the texts: 2011's "You can specify the text of the required title and optional
    # message, the number of buttons" lives on in "alerts display a title, optional informative
    # text, and up to three buttons" (issue 16).
    specify = [i for i in answer["removed"] if answer["rules"][i]["text"].startswith("You can specify the text of the required title")]
    check("diff 2011 current: the removed 'You can specify the text ...' has 'alerts display a title ...' among its candidates",
          len(specify) == 1 and any("alerts display a title" in answer["rules"][c["rule"]]["text"] for c in candidates.get(specify[0], [])),
          [answer["rules"][c["rule"]]["text"][:60] for c in candidates.get(specify[0] if specify else "", [])])
    _, _, answer = await call(session, "edition_diff", {"from": "2011", "to": "current"})
    check("diff without candidates: no candidates key", "candidates" not in answer)
    await expect_tool_error(session, "diff with 11 candidates", "edition_diff", {"from": "2011", "to": "current", "candidates": 11},
                            "candidates")
    await expect_tool_error(session, "diff with editions out of order", "edition_diff", {"from": "current", "to": "2008"},
                            "does not come before")
    await expect_tool_error(session, "diff of an unknown edition", "edition_diff", {"from": "2008", "to": "2099"}, "2099")
    await expect_tool_error(session, "diff without to", "edition_diff", {"from": "2008"}, "'to'", "required")
    await expect_tool_error(session, "diff with a string for a flag", "edition_diff",
                            {"from": "2008", "to": "2010", "reversals_only": "yes"}, "true or false")

    # what_changed: the same pairs as edition_diff, gathered on pages, each rule with its text.
    _, _, diff = await call(session, "edition_diff", {"from": "2010", "to": "2011"})
    _, _, changes = await call(session, "what_changed", {"from": "2010", "to": "2011"})
    changed = [c for p in changes["pages"] for c in p["changed"]]
    check("what_changed 2010 2011: every changed pair of edition_diff, on its page, with both texts",
          changes["from"] == "2010" and changes["to"] == "2011"
          and sorted((c["pair"]["from"], c["pair"]["to"]) for c in changed)
          == sorted((c["from"], c["to"]) for c in diff["changed"])
          and all(c["from"]["text"] and c["to"]["citation"] for c in changed), len(changed))
    await expect_tool_error(session, "what_changed with a date that is not one", "what_changed", {"since": "2023-13-01"},
                            "not a date", "YYYY-MM-DD")
    await expect_tool_error(session, "what_changed with since and from", "what_changed", {"since": "2023", "from": "2010"},
                            "'since' and 'from'")
    await expect_tool_error(session, "what_changed of an unknown page", "what_changed",
                            {"from": "2010", "to": "2011", "page": "Modals"}, "no page of 2011", "Modals")


async def lists(session):
    _, _, editions = await call(session, "list_editions", {})
    check("list_editions: 2008 14, 2010 24, 2011 39, current 37 rules",
          [(e["id"], e["rules"]) for e in editions] == [("2008", 14), ("2010", 24), ("2011", 39), ("web-2022-23", 37)])
    check("list_editions: sources with files and SHA-256",
          all(s["file"].startswith(CITATION_PREFIX) and len(s["sha256"]) == 64 for e in editions for s in e["sources"]))
    _, _, topics = await call(session, "list_topics", {})
    placement = next(t for t in topics["topics"] if t["slug"] == "button-placement")
    alerts = next(t for t in topics["topics"] if t["slug"] == "alerts")
    check("list_topics: the subjects' tree and 14 finer topics; button-placement under alerts: 7, 4, 4, 7",
          sum(1 for t in topics["topics"] if t.get("parent") == "alerts") == 14
          and placement["parent"] == "alerts" and alerts["parent"] == "presentation"
          and placement["rules_by_edition"] == {"2008": 7, "2010": 4, "2011": 4, "web-2022-23": 7}, placement)
    await expect_tool_error(session, "list_editions with an argument", "list_editions", {"edition": "2008"},
                            "no arguments")


async def errors_and_resources(session):
    await expect_protocol_error("an unknown tool is a protocol error", session.call_tool("delete_rules", {}),
                                "unknown tool 'delete_rules'")
    contents = (await session.read_resource("hig://rule/2010-be6ca266")).contents
    rule = json.loads(contents[0].text)["rule"]
    check("read hig://rule/2010-be6ca266", rule["id"] == "2010-be6ca266" and cited(rule)
          and field(contents[0], "mime_type", "mimeType") == "application/json")
    edition = json.loads((await session.read_resource("hig://edition/2011")).contents[0].text)
    check("read hig://edition/2011: 39 rules, each cited",
          edition["edition"]["id"] == "2011" and len(edition["rules"]) == 39 and all(cited(r) for r in edition["rules"]))
    await expect_protocol_error("an unknown rule resource", session.read_resource("hig://rule/2011-00000000"),
                                "no rule with id '2011-00000000'")
    await expect_protocol_error("an unknown edition resource", session.read_resource("hig://edition/1999"),
                                "no edition '1999'")
    await expect_protocol_error("a resource of no known form", session.read_resource("hig://page/x"),
                                "hig://rule/{id}")
    _, _, editions = await call(session, "list_editions", {})
    check("the server still answers after every mistake", len(editions) == 4)


async def whole_guidelines(session, initialized, database):
    # Answered before the import ends: the tools are listed while the database is not there yet.
    tools = (await session.list_tools()).tools
    check("the bundle: the tools are listed before the database is built",
          len(tools) == len(TOOLS) and not (os.path.exists(database) and os.path.getsize(database) > 0))
    # The first call waits for the import, with progress notifications for its token.
    progress = []

    async def on_progress(done, total, message):
        progress.append((done, total, message))

    started = time.monotonic()
    result = await session.call_tool("list_editions", {}, progress_callback=on_progress)
    print(f"      the first call waited {time.monotonic() - started:.1f} s, with {len(progress)} progress notifications")
    editions = json.loads(result.content[0].text)
    check("the bundle: the first call waits for the import and answers",
          not field(result, "is_error", "isError") and len(editions) == 8)
    check("the bundle: while it waits, progress notifications say the editions are being imported",
          progress and "importing the editions" in (progress[0][2] or "")
          and all(a[0] <= b[0] for a, b in zip(progress, progress[1:])), progress)
    # The family tree's order (Data/editions/editions.json): the seed Alerts page (web-2022-23)
    # before the whole 2022 capture it precedes.
    check("the bundle: eight editions named by what they are, oldest first",
          [e["id"] for e in editions] == ["iphone-2008-11", "iphone-2010-03", "ios-2011-03", "ios-2014-03",
                                          "web-2022-23", "web-2022", "web-2023-09", "web-2026-07"],
          [e["id"] for e in editions])
    aliases = {e["id"]: e["aliases"] for e in editions}
    check("current names the newest edition, 2008 the November 2008 iPhone HIG",
          aliases["web-2026-07"] == ["current"] and aliases["iphone-2008-11"] == ["2008"], aliases)
    _, _, answer = await call(session, "search_rules", {"query": "tab bar", "edition": "current", "limit": 5})
    hits = answer["hits"]
    check("search tab bar in current: rules of the 2026 Tab bars page",
          len(hits) == 5 and all(h["edition"] == "web-2026-07" for h in hits)
          and any("Tab bars.md" in h["citation"] for h in hits), hits)
    # Read in Data/editions/web-2026-07/Components/Navigation and search/Tab bars.md: the headings
    # under "## Platform considerations" are iOS, iPadOS, tvOS and visionOS (lines 47, 61, 73, 96).
    _, _, toc = await call(session, "list_sections", {"section": "Tab bars"})
    check("list_sections of current under Tab bars: the page, its two sections and four platforms",
          toc["edition"] == "web-2026-07"
          and [s["title"] for s in toc["sections"]] == ["Tab bars", "Best practices", "Platform considerations",
                                                         "iOS", "iPadOS", "tvOS", "visionOS"]
          and toc["sections"][0]["total_rules"] == sum(s["rules"] for s in toc["sections"]), toc)
    _, _, answer = await call(session, "search_rules",
                              {"query": "tab bar", "section": "Platform considerations > visionOS", "limit": 50})
    check("search_rules with consecutive headings: only visionOS considerations, the Tab bars page's among them",
          answer["count"] > 0
          and all(" › Platform considerations › visionOS › " in f" › {h['section']} › " for h in answer["hits"])
          and any(h["section"] == "Tab bars › Platform considerations › visionOS" for h in answer["hits"]), answer)
    await expect_tool_error(session, "a section no heading has", "search_rules", {"query": "tab", "section": "Tab barz"},
                            "see list_sections")
    _, _, answer = await call(session, "get_rule", {"id": "2010-be6ca266"})
    rule = answer["rule"]
    check("a former rule id resolves to the same words under the new id",
          rule["id"].startswith("iphone-2010-03-") and rule["citation"].startswith("Data/editions/iphone-2010-03/full_document.md:")
          and rule["text"].startswith("Be sure to test the appearance of your alert in both orientations."), rule)
    _, _, answer = await call(session, "edition_diff", {"from": "ios-2011-03", "to": "ios-2014-03"})
    notes = [(n["date"], n["line_start"]) for n in answer["change_notes"]]
    # 2014's revision history, Data/editions/ios-2014-03/full_document.md lines 3532-3535 (read by hand).
    check("diff ios-2011-03 ios-2014-03: the four dated notes of 2014's revision history",
          notes == [("2014-03-10", 3532), ("2014-02-11", 3533), ("2013-10-22", 3534), ("2013-09-18", 3535)], notes)


async def session_on(hig, editions, body):
    """Runs `body(session, initialized, database)` in a session of `hig mcp` on a new database,
    `editions` (or the bundle) imported in the background; checks that `initialize` was answered
    before the import could end."""
    folder = temporary_folder("hig-mcp-test-")
    database = os.path.join(folder, "hig.sqlite")
    stderr_path = os.path.join(folder, "stderr.txt")
    parameters = StdioServerParameters(command=hig, args=["--db", database, "mcp"], cwd=folder, env=hig_environment(editions))
    with open(stderr_path, "w") as stderr:
        async with stdio_client(parameters, errlog=stderr) as (read, write):
            async with ClientSession(read, write) as session:
                started = time.monotonic()
                initialized = await session.initialize()
                seconds = time.monotonic() - started
                print(f"      initialize with no database: {seconds:.2f} s")
                check(f"initialize is answered in under {INITIALIZE_SECONDS} s with no database yet",
                      seconds < INITIALIZE_SECONDS, f"({seconds:.1f} s)")
                await body(session, initialized, database)
    with open(stderr_path) as stderr:
        note = stderr.read()
    check("the missing database was imported in the background, its notes on stderr",
          "no database at" in note and "while serving" in note and "imported" in note
          and os.path.getsize(database) > 0, repr(note))


async def seeds(session, initialized, database):
    await listing(session, initialized)
    await search_rules(session)
    await get_rule(session)
    await evolution(session)
    await diff(session)
    await lists(session)
    await errors_and_resources(session)


async def sessions(hig):
    await session_on(hig, SEED_EDITIONS, seeds)
    await session_on(hig, None, whole_guidelines)


def main(hig):
    # Bounded: a server that stops answering fails the run rather than hanging it.
    asyncio.run(asyncio.wait_for(sessions(os.path.abspath(hig)), timeout=300))


if __name__ == "__main__":
    run_checks("mcp_client_test.py PATH/TO/hig", range(1, 2), main)
