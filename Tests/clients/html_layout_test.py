"""The HTML report in a real browser (headless Chromium): at laptop, desktop, tablet and phone
widths nothing scrolls sideways and nothing is cut off.

Usage: python html_layout_test.py PATH/TO/hig [PATH/TO/hig.sqlite]

The database holds the bundled editions (imported there first when it does not exist yet, which
takes minutes in a debug build). Reports are written with `hig export --format html` (one topic
across every edition, one whole PDF edition, and a folder of pages), each page is opened at each
width with `chromium --headless --dump-dom`, and a script added at the end of the copy measures
the document: its scroll width against the window's, every element that reaches past the right
edge, and every element that scrolls or clips its content sideways. It prints one line per
check, then `N passed, M failed`, and exits 1 on any failure; without Chromium it says so and
exits 2.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Laptop (1280, 1440), desktop (1920), a tablet held upright (768) and a phone (390).
WIDTHS = [1280, 1440, 1920, 1024, 768, 390]

# Runs in each framed copy after the report's own script (which shows the filters), and sends
# what it measured to the frame's parent, which writes it into the DOM that --dump-dom prints.
MEASURE = """
<script>
(function () {
  var root = document.documentElement;
  var width = root.clientWidth;
  var result = { width: window.innerWidth, scrollWidth: root.scrollWidth, past: [], clipped: [] };
  function name(element) {
    var text = element.tagName.toLowerCase();
    if (element.id) { text += "#" + element.id; }
    if (element.className && typeof element.className === "string") { text += "." + element.className.trim().split(/ +/).join("."); }
    return text + " (" + JSON.stringify(element.textContent.trim().slice(0, 40)) + ")";
  }
  function visuallyHidden(element) {
    for (var node = element; node !== null; node = node.parentElement) {
      if (getComputedStyle(node).clipPath !== "none") { return true; }
    }
    return false;
  }
  Array.prototype.forEach.call(document.querySelectorAll("body *"), function (element) {
    var box = element.getBoundingClientRect();
    if (box.width === 0) { return; }
    var reachesPast = box.right > width + 0.5;
    var clips = getComputedStyle(element).overflowX !== "visible" && element.scrollWidth > element.clientWidth + 1;
    if ((reachesPast || clips) && !visuallyHidden(element)) {
      if (reachesPast) { result.past.push(name(element) + " right " + Math.round(box.right)); }
      if (clips) { result.clipped.push(name(element) + " " + element.scrollWidth + " in " + element.clientWidth); }
    }
  });
  parent.postMessage(JSON.stringify(result), "*");
})();
</script>
"""

# The page Chromium opens: one frame per width, each a viewport of that width (a headless
# window is at least 500 px wide, a frame may be narrower), their results written into the DOM.
FRAMES = """<!DOCTYPE html>
<html><body>
<pre id="results"></pre>
<script>
window.addEventListener("message", function (event) {
  document.getElementById("results").textContent += event.data + "\\n";
});
</script>
{frames}
</body></html>
"""

passed = 0
failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name} {detail}")


def browser():
    for candidate in ["chromium", "chromium-browser", "google-chrome", "chrome"]:
        path = shutil.which(candidate)
        if path:
            return path
    return None


def measure(chromium, page, folder):
    """The measurements of `page` in a viewport of each width, by width."""
    with open(page, encoding="utf-8") as file:
        html = file.read()
    copy = os.path.join(os.path.dirname(page), ".measured-" + os.path.basename(page))
    with open(copy, "w", encoding="utf-8") as file:
        file.write(html.replace("</body>", MEASURE + "</body>"))
    frames = "\n".join(
        f'<iframe src="{os.path.basename(copy)}?{width}" width="{width}" height="900" style="border:0;display:block"></iframe>'
        for width in WIDTHS)
    outer = os.path.join(os.path.dirname(page), ".frames-" + os.path.basename(page))
    with open(outer, "w", encoding="utf-8") as file:
        file.write(FRAMES.replace("{frames}", frames))
    try:
        done = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=60000",
             f"--user-data-dir={folder}/profile", f"--window-size={max(WIDTHS) + 100},900", "--dump-dom", "file://" + outer],
            capture_output=True, text=True, timeout=600)
    finally:
        os.remove(copy)
        os.remove(outer)
    found = re.search(r'<pre id="results">(.*?)</pre>', done.stdout, re.S)
    text = found.group(1) if found else ""
    text = text.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    results = [json.loads(line) for line in text.splitlines() if line.strip()]
    return {result["width"]: result for result in results}


def main(hig, database):
    chromium = browser()
    if chromium is None:
        print("no Chromium found (apt-get install chromium); nothing checked")
        return 2
    folder = tempfile.mkdtemp(prefix="hig-html-layout-")
    if not os.path.exists(database):
        subprocess.run([hig, "--db", database, "import"], check=True, stdout=subprocess.DEVNULL, timeout=1800)
    exports = {
        "alerts.html": ["--topic", "alerts"],
        "ios-2011-03-buttons.html": ["--edition", "ios-2011-03", "--topic", "buttons"],
    }
    pages = []
    for name, filters in exports.items():
        subprocess.run([hig, "--db", database, "export", "--format", "html", *filters, "-o", os.path.join(folder, name)],
                       check=True, stderr=subprocess.DEVNULL, timeout=600)
        pages.append(os.path.join(folder, name))
    pages_folder = os.path.join(folder, "pages")
    subprocess.run([hig, "--db", database, "export", "--format", "html", "--pages", "--topic", "buttons", "-o", pages_folder],
                   check=True, stderr=subprocess.DEVNULL, timeout=600)
    index = os.path.join(pages_folder, "index.html")
    first_page = sorted(name for name in os.listdir(pages_folder) if name.endswith(".html") and name != "index.html")[0]
    pages += [index, os.path.join(pages_folder, first_page)]

    for page in pages:
        shown = os.path.relpath(page, folder)
        measured = measure(chromium, page, folder)
        for width in WIDTHS:
            check(f"{shown} at {width} px: measured in a viewport that wide", width in measured, sorted(measured))
            result = measured.get(width, {"scrollWidth": -1, "past": ["not measured"], "clipped": ["not measured"]})
            check(f"{shown} at {width} px: no sideways scroll (document {result['scrollWidth']} px)",
                  0 <= result["scrollWidth"] <= width, result["past"][:5])
            check(f"{shown} at {width} px: nothing reaches past the right edge", not result["past"], result["past"][:5])
            check(f"{shown} at {width} px: nothing scrolls or is clipped sideways", not result["clipped"], result["clipped"][:5])
    shutil.rmtree(folder, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    arguments = sys.argv[1:]
    database = arguments[1] if len(arguments) == 2 else os.path.join(tempfile.mkdtemp(prefix="hig-html-db-"), "hig.sqlite")
    sys.exit(main(arguments[0], database))
