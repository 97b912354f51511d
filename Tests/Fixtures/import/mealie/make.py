#!/usr/bin/env python3
"""Builds the Mealie fixtures from the readable JSON beside this script, in the layouts Mealie's
exporters write (written from Mealie's source: backups_v2/alchemy_exporter.py and backup_file.py
for v1+, the v0.x ExportDatabase, and the recipe export route for one recipe). original.webp is
made once from images-basic/images/lemonade.jpg; the thumbnails Mealie keeps beside it are copies
of it, since the import must skip them."""
import io, json, pathlib, zipfile

HERE = pathlib.Path(__file__).resolve().parent
PHOTO = HERE / "original.webp"
if not PHOTO.exists():
    from PIL import Image
    Image.open(HERE.parents[1] / "images-basic" / "images" / "lemonade.jpg").save(PHOTO, "WEBP", quality=70)


def archive(name, entries):
    with zipfile.ZipFile(HERE / name, "w", zipfile.ZIP_DEFLATED) as zip_file:
        for path, data in entries:
            # A fixed date: the same bytes every time the script runs.
            zip_file.writestr(zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


def text(name):
    return (HERE / name).read_bytes()


photo = PHOTO.read_bytes()
images = lambda folder: [(f"{folder}/images/original.webp", photo), (f"{folder}/images/min-original.webp", photo),
                         (f"{folder}/images/tiny-original.webp", photo)]

# v1+ (SQLite: ids as 32 hex digits in database.json, dashed in the data folder's names).
archive("mealie-v2-backup.zip", [("database.json", text("v2-database.json")), ("data/.secret", b"not a recipe"),
                                 *images("data/recipes/2b1f6c0e-8d7a-4b3c-9e5f-1a2b3c4d5e6f"),
                                 ("data/recipes/2b1f6c0e-8d7a-4b3c-9e5f-1a2b3c4d5e6f/images/timeline/e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1/original.webp", b"RIFF"),
                                 ("data/users/0a9b8c7d-6e5f-4031-2a1b-2c3d4e5f6a7b/profile.webp", photo)])
# v3 (PostgreSQL: dashed ids everywhere; times in seconds).
archive("mealie-v3-backup.zip", [*images("data/recipes/5f0c2a9e-3b1d-4c8e-9a7f-6e5d4c3b2a19"),
                                 ("database.json", text("v3-database.json"))])
# v0.5 and v0.4: one folder per recipe, named by slug, beside users, settings and rendered templates.
archive("mealie-v0.5-backup.zip", [("recipes/buttermilk-pancakes/buttermilk-pancakes.json", text("v0.5-pancakes.json")),
                                   *images("recipes/buttermilk-pancakes"),
                                   ("users/users.json", b'[{"id": 1, "username": "admin"}]'),
                                   ("settings/settings.json", b'[{"name": "main", "language": "en"}]'),
                                   ("templates/recipes.md/buttermilk-pancakes.md", b"# Buttermilk Pancakes\n")])
archive("mealie-v0.4-backup.zip", [("recipes/gazpacho/gazpacho.json", text("v0.4-gazpacho.json")),
                                   ("recipes/gazpacho/images/original.webp", photo),
                                   ("themes/themes.json", b"[]")])
# One recipe's export: <slug>.json and original.webp.
archive("yoghurt-flatbreads.zip", [("yoghurt-flatbreads.json", text("single-flatbread.json")), ("original.webp", photo)])
# A backup whose database.json is cut short.
archive("torn-backup.zip", [("database.json", text("v3-database.json")[:700])])
