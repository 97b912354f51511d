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
