"""Sites for the browser checks, built by the gallerygen under test (`$GALLERYGEN`, else the debug
build) into scratch folders that are removed afterwards."""
import contextlib
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
GALLERYGEN = os.environ.get("GALLERYGEN", str(ROOT / ".build" / "debug" / "gallerygen"))


def build(site, output, layout_report=None):
    """Builds the site folder `site` into `output`; with `layout_report` (a path), writes the layout
    report there too and returns it, parsed."""
    command = [GALLERYGEN, "build", "--site", str(site), "--output", str(output), "--quiet"]
    if layout_report is not None:
        command += ["--layout-report", str(layout_report)]
    subprocess.run(command, check=True, cwd=ROOT)
    return None if layout_report is None else json.loads(pathlib.Path(layout_report).read_text())


@contextlib.contextmanager
def scratch(prefix):
    """A new temporary folder, removed with everything in it when the block ends."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# The sample's gallery with stacks that open: cards grouped by glass (13 sections), a stack
# arrangement between a grid and a fan, two stacks a row on a phone, larger stacks on a desktop (so
# every card's size changes at a breakpoint, opened or not).
STACK_ARRANGEMENTS = """  arrangements:
    - grid: { item_width: 150, item_height: 232, padding: 20 }
    - stack: { item_width: 130, item_height: 200, spacing: 30, desktop: { item_width: 150, item_height: 232, spacing: 36 } }
    - fan: { item_width: 150, item_height: 232, radius: 700, angle_per_item_degrees: 2.1 }
  section_by: glass
"""


def with_stacks(source, target):
    """Copies the site folder `source` to `target` with the sample's arrangements replaced by
    STACK_ARRANGEMENTS."""
    shutil.copytree(source, target)
    config = pathlib.Path(target) / "site.yml"
    text = config.read_text()
    start, end = text.index("  arrangements:\n"), text.index("  label_height:")
    config.write_text(text[:start] + STACK_ARRANGEMENTS + text[end:])
    return target


def with_rtl_stacks(source, target):
    """Copies the right-to-left fixture site `source` to `target` grouped by tag (5 sections) with
    a stack arrangement third, after the fan."""
    shutil.copytree(source, target)
    config = pathlib.Path(target) / "site.yml"
    text = config.read_text()
    text = text.replace("gallery:\n", "gallery:\n  section_by: tag\n", 1)
    text = text.replace("    - fan\n", "    - fan\n    - stack: { item_width: 130, item_height: 200, spacing: 30 }\n", 1)
    config.write_text(text)
    return target
