#!/usr/bin/env python3
"""Generates the speed benchmark's corpus: COUNT recipes without images, written twice with the
same content — once as a gallerygen site folder (site.yml + recipes/*.md, the gallery settings of
Site/site.yml: every default arrangement, three breakpoints) and once as a Hugo site
(config.yaml + content/recipes/*.md, YAML front matter, the theme in bench/hugo-theme/).

Deterministic: the same COUNT and --seed give the same bytes. Python standard library only.

Usage: generate.py OUT_DIR COUNT [--seed N]
  OUT_DIR/gallerygen/   site.yml, recipes/
  OUT_DIR/hugo/         config.yaml, content/recipes/
"""
import argparse
import datetime
import os
import random
import shutil

TAGS = [
    "bitter", "sour", "sweet", "fizzy", "tropical", "classic", "modern", "stirred", "shaken", "blended",
    "highball", "rum", "gin", "whiskey", "tequila", "vodka", "brandy", "zero-proof", "brunch", "aperitif",
    "digestif", "winter", "summer", "party", "citrus", "herbal", "spiced", "creamy", "smoky", "floral",
]
GLASSES = ["Coupe", "Rocks", "Highball", "Collins", "Martini", "Hurricane", "Flute", "Mug", "Nick & Nora", "Wine"]
SPIRITS = ["white rum", "dark rum", "gin", "bourbon", "rye whiskey", "blanco tequila", "mezcal", "vodka",
           "cognac", "pisco", "Campari", "Aperol", "sweet vermouth", "dry vermouth", "Chartreuse"]
MIXERS = ["fresh lime juice", "fresh lemon juice", "simple syrup", "honey syrup", "orgeat", "grenadine",
          "pineapple juice", "grapefruit juice", "soda water", "tonic water", "ginger beer", "egg white",
          "coconut cream", "cold brew coffee", "cranberry juice", "maple syrup"]
GARNISHES = ["Lime wheel", "Orange twist", "Lemon peel", "Mint sprig", "Brandied cherry", "Grated nutmeg",
             "Cucumber ribbon", "Pineapple wedge", "Rosemary sprig", "Salt rim"]
ADJECTIVES = ["Golden", "Midnight", "Velvet", "Smoky", "Crimson", "Silver", "Wild", "Quiet", "Electric", "Lazy",
              "Bitter", "Sunny", "Frozen", "Royal", "Hidden", "Copper", "Paper", "Jade", "Lucky", "Salty"]
NOUNS = ["Harbour", "Sparrow", "Orchard", "Lantern", "Compass", "Parade", "Garden", "Anchor", "Comet", "Meadow",
         "Tide", "Fox", "Ember", "Canyon", "Island", "Veranda", "Monsoon", "Bandit", "Cathedral", "Carousel"]
WORDS = ("the bar glass ice stir shake strain citrus bright balance sweet bitter long short history served "
         "classic variation Havana London Paris Milan summer winter evening guests garnish aroma dilution "
         "cold fresh rich dry bold gentle recipe spirit syrup juice twist season harbour old new").split()
STEPS = ["Chill the {glass} glass.", "Add the {spirit} and the {mixer} to a shaker.",
         "Fill the shaker with ice and shake hard for 12 seconds.", "Stir with ice until very cold.",
         "Strain into the glass over fresh ice.", "Double-strain into the chilled glass.",
         "Top with {mixer}.", "Garnish with the {garnish}.", "Serve at once."]

# The gallery settings of Site/site.yml (every default arrangement, three breakpoints); the
# background keeps its colour but not the leather picture, since the corpus has no images. For
# the same reason the rich-result checks are off: each picture-less recipe would print a warning,
# and Hugo checks nothing of the kind.
SITE_YML = """title: Benchmark Bar
description: A generated recipe collection for gallerygen's speed benchmark.
base_url: https://example.com/bench/
language: en
author: The Bench Bar
rich_results: off
breakpoints:
  - { name: phone, width: 375 }
  - { name: tablet, width: 768 }
  - { name: desktop, width: 1280 }
gallery:
  arrangements:
    - grid: { item_width: 150, item_height: 232, padding: 20 }
    - fan: { item_width: 150, item_height: 232, radius: 700, angle_per_item_degrees: 2.1 }
    - scatter: { item_width: 130, item_height: 206, seed: 7, maximum_rotation_degrees: 12 }
    - deck: { item_width: 150, item_height: 232, padding: 2 }
    - spread: { item_width: 150, item_height: 232, spread_x: 40, padding: 95 }
    - masonry: { column_width: 165, minimum_column_spacing: 14, minimum_interitem_spacing: 14, section_inset: [0, 14, 14, 14] }
    - justified: { target_row_height: 250, box_spacing: 14, section_inset: [0, 14, 14, 14], phone: { target_row_height: 170 } }
  label_height: 44
  transition:
    easing: spring
    damping: 0.8
    frequency: 1.0
    stagger: 0.012
  background:
    color: "#4a2f1d"
"""

# Hugo's equivalent: 60 recipes per home page, a `tags` taxonomy, RSS only for the home page
# (gallerygen writes one feed), at most 50 items in it (gallerygen's feed limit), search JSON.
HUGO_CONFIG = """baseURL: https://example.com/bench/
title: Benchmark Bar
languageCode: en
theme: hugo-theme
paginate: 60
rssLimit: 50
disableKinds: [section]
taxonomies:
  tag: tags
outputs:
  home: [HTML, RSS, JSON]
  taxonomy: [HTML]
  term: [HTML]
params:
  description: A generated recipe collection for gallerygen's speed benchmark.
  author: The Bench Bar
"""


def sentence(rng, low=8, high=18):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize() + "."


def paragraph(rng, sentences):
    return " ".join(sentence(rng) for _ in range(sentences))


def recipe(rng, index):
    """One recipe: (slug, front matter lines, Markdown body)."""
    title = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} No. {index + 1}"
    slug = title.lower().replace(".", "").replace(" ", "-")
    glass = rng.choice(GLASSES)
    spirits = rng.sample(SPIRITS, rng.randint(1, 2))
    mixers = rng.sample(MIXERS, rng.randint(2, 4))
    garnish = rng.choice(GARNISHES)
    ingredients = [f"{rng.choice([15, 20, 30, 45, 50, 60])} ml {name}" for name in spirits + mixers]
    ingredients.append(f"{garnish}, to garnish")
    tags = sorted(rng.sample(TAGS, rng.randint(1, 4)), key=TAGS.index)
    date = datetime.date(2020, 1, 1) + datetime.timedelta(days=rng.randrange(0, 5 * 365))
    summary = sentence(rng, 6, 14).replace(":", ",")
    front = [
        f"title: {title}",
        f"summary: {summary}",
        f"tags: [{', '.join(tags)}]",
        f'glass: "{glass}"',
        "ingredients:",
        *[f"  - {line}" for line in ingredients],
        f"yield: {rng.choice(['1 drink', '2 drinks', '1 pitcher (6 drinks)'])}",
        f"prep_time: {rng.choice(['2 min', '3 min', '5 min', '10 min', '1 h 30 min'])}",
        f"date: {date.isoformat()}",
    ]
    fill = {"glass": glass.lower(), "spirit": spirits[0], "mixer": mixers[0], "garnish": garnish.lower()}
    steps = [step.format(**fill) for step in rng.sample(STEPS, rng.randint(3, 6))]
    body = "\n".join([
        paragraph(rng, rng.randint(2, 5)),
        "",
        "## Method",
        "",
        *[f"{number}. {step}" for number, step in enumerate(steps, 1)],
        "",
        "## Notes",
        "",
        paragraph(rng, rng.randint(1, 3)) + f" Try it with *{rng.choice(SPIRITS)}* for a **{rng.choice(ADJECTIVES).lower()}** twist.",
        "",
    ])
    return slug, front, body


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=2025)
    args = parser.parse_args()
    gallerygen = os.path.join(args.out, "gallerygen")
    hugo = os.path.join(args.out, "hugo")
    for folder in (gallerygen, hugo):
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(gallerygen, "recipes"))
    os.makedirs(os.path.join(hugo, "content", "recipes"))
    write(os.path.join(gallerygen, "site.yml"), SITE_YML)
    write(os.path.join(hugo, "config.yaml"), HUGO_CONFIG)
    rng = random.Random(args.seed)
    for index in range(args.count):
        slug, front, body = recipe(rng, index)
        text = "---\n" + "\n".join(front) + "\n---\n" + body
        write(os.path.join(gallerygen, "recipes", slug + ".md"), text)
        write(os.path.join(hugo, "content", "recipes", slug + ".md"), text)


if __name__ == "__main__":
    main()
