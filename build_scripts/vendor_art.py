"""Refresh ``assets/art/game-icons.json``: the game-icons.net drawings the three
card pools use (``engine/<game>/art.toml``), with each drawing's author.

Only the drawings named by a mapping are kept, so the bundle carries a few
hundred KB rather than the whole 4,000-drawing set. Run it after changing a
mapping (tests/client/test_card_art.py fails until you do):

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python build_scripts/vendor_art.py package/icons.json --authors AUTHORS.tsv

``icons.json`` (npm package ``@iconify-json/game-icons``, CC BY 3.0) holds the
SVG path bodies but not who drew each one; game-icons.net files every drawing
under its author's folder (``<author>/<name>.svg``). ``--authors`` is a
tab-separated list ``name<TAB>author-folder`` made from that layout (for example
``git ls-tree -r --name-only HEAD`` in a checkout of the game-icons repository);
``--icons-repo`` points at such a checkout instead and also settles names that
two authors both used, by comparing the drawings.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "art" / "game-icons.json"
GAMES = ("everdawn", "evons", "essveil")

# Display names and pages, as the collection's licence file lists its contributors.
AUTHORS = {
    "lorc": ("Lorc", "https://lorcblog.blogspot.com"),
    "delapouite": ("Delapouite", "https://delapouite.com"),
    "john-colburn": ("John Colburn", "http://ninmunanmu.com"),
    "felbrigg": ("Felbrigg", "http://blackdogofdoom.blogspot.co.uk"),
    "john-redman": ("John Redman", "http://www.uniquedicetowers.com"),
    "carl-olsen": ("Carl Olsen", "https://twitter.com/unstoppableCarl"),
    "sbed": ("Sbed", "http://opengameart.org/content/95-game-icons"),
    "priorblue": ("PriorBlue", ""),
    "willdabeast": ("Willdabeast", "http://wjbstories.blogspot.com"),
    "viscious-speed": ("Viscious Speed", "http://viscious-speed.deviantart.com"),
    "lord-berandas": ("Lord Berandas", "http://berandas.deviantart.com"),
    "irongamer": ("Irongamer", "http://ecesisllc.wix.com/home"),
    "heavenly-dog": ("HeavenlyDog", "http://www.gnomosygoblins.blogspot.com"),
    "lucasms": ("Lucas", ""),
    "faithtoken": ("Faithtoken", "http://fungustoken.deviantart.com"),
    "skoll": ("Skoll", ""),
    "andymeneely": ("Andy Meneely", "http://www.se.rit.edu/~andy/"),
    "cathelineau": ("Cathelineau", ""),
    "kier-heyl": ("Kier Heyl", ""),
    "aussiesim": ("Aussiesim", ""),
    "sparker": ("Sparker", "http://citizenparker.com"),
    "zeromancer": ("Zeromancer", ""),
    "rihlsul": ("Rihlsul", ""),
    "quoting": ("Quoting", ""),
    "guard13007": ("Guard13007", "https://guard13007.com"),
    "darkzaitzev": ("DarkZaitzev", "http://darkzaitzev.deviantart.com"),
    "spencerdub": ("SpencerDub", ""),
    "generalace135": ("GeneralAce135", ""),
    "zajkonur": ("Zajkonur", ""),
    "catsu": ("Catsu", ""),
    "starseeker": ("Starseeker", ""),
    "pepijn-poolman": ("Pepijn Poolman", ""),
    "pierre-leducq": ("Pierre Leducq", ""),
    "caro-asercion": ("Caro Asercion", ""),
    "seregacthtuf": ("SeregaCthtuf", ""),
}
# Contributors whose drawings the collection's licence file marks as CC0.
CC0 = {"viscious-speed", "zeromancer"}
CC_BY = ("CC BY 3.0", "https://creativecommons.org/licenses/by/3.0/")
CC0_LICENCE = ("CC0 1.0", "https://creativecommons.org/publicdomain/zero/1.0/")


LICENCE_FILE = OUT.with_name("LICENSE-game-icons.txt")
LICENCE_HEAD = """Card pictures: drawings from game-icons.net
===========================================

The card pictures of Cardhall are drawings from the game-icons.net collection
(https://game-icons.net), as packaged on npm in @iconify-json/game-icons. Only
the drawings the card pools use are included, in assets/art/game-icons.json,
each with its author. Cardhall draws them tinted over its own backdrops.

Licence: Creative Commons Attribution 3.0 Unported (CC BY 3.0)
https://creativecommons.org/licenses/by/3.0/
(the collection's licence file: https://github.com/game-icons/icons/blob/master/license.txt)

You are free to share and adapt these drawings for any purpose, provided you
give appropriate credit, provide a link to the licence, and indicate if changes
were made. Changes made by Cardhall: colour (tinted per card), size, a dark
outline and shadow, placement over a painted backdrop (and mirroring where a
card's mapping asks for it).

Icons made by the following authors (the drawings of each are listed in
game-icons.json and on the Credits screen of the program):

"""


def licence_text(authors: dict, drawings: dict) -> str:
    count = {slug: sum(1 for d in drawings.values() if d["author"] == slug) for slug in authors}
    lines = [LICENCE_HEAD.rstrip("\n"), ""]
    for slug, a in sorted(authors.items(), key=lambda kv: (-count[kv[0]], kv[0])):
        where = f" - {a['url']}" if a["url"] else ""
        n = count[slug]
        lines.append(f"- {a['name']}{where} ({a['licence']}): {n} drawing{'s' if n != 1 else ''}")
    return "\n".join(lines) + "\n"


def used_drawings() -> set[str]:
    names = set()
    for g in GAMES:
        data = tomllib.loads((ROOT / "engine" / g / "art.toml").read_text("utf-8"))
        for v in data.get("art", {}).values():
            names.add(v if isinstance(v, str) else v["drawing"])
        if data.get("back", {}).get("drawing"):
            names.add(data["back"]["drawing"])
    return names


def _numbers(path_d: str) -> list[str]:
    return re.findall(r"-?\d+\.?\d*", path_d)[:40]


def authors_from_repo(repo: Path, names: set[str], bodies: dict[str, str]) -> dict[str, str]:
    listing = subprocess.run(["git", "--git-dir", str(repo), "ls-tree", "-r", "--name-only", "HEAD"],
                             check=True, capture_output=True, text=True).stdout.split("\n")
    found: dict[str, list[str]] = {}
    for line in listing:
        if line.endswith(".svg") and "/" in line:
            fname = line.rsplit("/", 1)[1][:-4]
            if fname in names:
                found.setdefault(fname, []).append(line)
    out = {}
    for n in sorted(names):
        paths = found.get(n, [])
        if len(paths) == 1:
            out[n] = paths[0].split("/", 1)[0]
            continue
        # two authors drew the same name: pick the one whose path data matches
        want = _numbers(bodies[n])
        for p in paths:
            svg = subprocess.run(["git", "--git-dir", str(repo), "show", f"HEAD:{p}"], check=True,
                                 capture_output=True, text=True).stdout
            ds = re.findall(r'\sd="([^"]+)"', svg)
            if any(_numbers(d)[:12] == want[:12] for d in ds):
                out[n] = p.split("/", 1)[0]
                break
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("icons_json", help="icons.json of the npm package @iconify-json/game-icons")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--authors", help="TSV: drawing name<TAB>author folder")
    src.add_argument("--icons-repo", help="a git directory of the game-icons repository")
    args = ap.parse_args(argv)
    data = json.loads(Path(args.icons_json).read_text("utf-8"))
    icons, aliases = data["icons"], data.get("aliases", {})
    names = used_drawings()
    bodies = {}
    missing = []
    for n in sorted(names):
        key = n if n in icons else aliases.get(n, {}).get("parent")
        if key not in icons:
            missing.append(n)
            continue
        bodies[n] = icons[key]["body"]
    if missing:
        print("not in icons.json:", ", ".join(missing), file=sys.stderr)
        return 1
    if args.icons_repo:
        who = authors_from_repo(Path(args.icons_repo), names, bodies)
    else:
        who = {}
        for line in Path(args.authors).read_text("utf-8").splitlines():
            if "\t" in line:
                n, a = line.split("\t", 1)
                who.setdefault(n.strip(), a.strip())
    unknown = sorted(n for n in names if who.get(n) not in AUTHORS)
    if unknown:
        print("no known author for:", ", ".join(unknown), file=sys.stderr)
        return 1
    authors = {}
    for slug in sorted({who[n] for n in names}):
        name, url = AUTHORS[slug]
        lic, lic_url = CC0_LICENCE if slug in CC0 else CC_BY
        authors[slug] = {"name": name, "url": url, "licence": lic, "licence_url": lic_url}
    out = {
        "about": ("Drawings from game-icons.net (https://game-icons.net), packaged on npm as "
                  "@iconify-json/game-icons; only those the card pools use. Each drawing's "
                  "author and licence are in 'authors'. Made by build_scripts/vendor_art.py."),
        "source": "https://game-icons.net",
        "package": f"@iconify-json/game-icons {data.get('lastModified', '')}".strip(),
        "width": data.get("width", 512),
        "height": data.get("height", 512),
        "authors": authors,
        "drawings": {n: {"author": who[n], "body": bodies[n]} for n in sorted(names)},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, indent=1, sort_keys=False) + "\n", "utf-8")
    tmp.replace(OUT)
    LICENCE_FILE.write_text(licence_text(authors, out["drawings"]), "utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(names)} drawings by {len(authors)} authors, "
          f"{OUT.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
