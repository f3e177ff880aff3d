"""The documented example must stay true: it is replayed and compared."""

import json
import re
from pathlib import Path

from device.engine.record import play_record, sheet_report

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_game_record_example_replays_to_the_documented_sheet():
    text = (DOCS / "game-record.md").read_text()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    assert len(blocks) == 4  # a two-player rubber and a Chicago, each with its sheet
    for record, output in zip(blocks[::2], blocks[1::2], strict=True):
        assert sheet_report(play_record(record)) == output


def test_game_record_names_each_form_with_its_aliases_as_the_code_has_them():
    from device.forms import FORMS

    row = next(
        line
        for line in (DOCS / "game-record.md").read_text().splitlines()
        if line.startswith("| `game` |")
    )
    row = row.split("the game form:", 1)[1]
    for form in FORMS:
        after = row.split(f"`{form.name}`", 1)[1]
        said = re.match(r" \(alias(?:es)? ([^;)]*)", after)
        named = re.findall(r"`([^`]+)`", said.group(1)) if said else []
        assert named == list(form.aliases), form.name


REPO = DOCS.parent
FORMS_DIR = REPO / "device" / "forms"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    """The README and every page of docs/: the pages a newcomer follows."""
    return [REPO / "README.md", *sorted(DOCS.glob("*.md"))]


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped,
    spaces as hyphens, a repeated heading numbered."""
    seen: dict[str, int] = {}
    out = set()
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)  # no headings in code
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def relative_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return [link for link in LINK.findall(text) if not re.match(r"[a-z]+:", link)]


def waits_for_its_package(target: Path) -> bool:
    """A form's README is written with its package (device/forms/<pkg>/): until that
    folder exists the README may link to it already. Once device/forms/ exists every
    such link must lead to a file, as any other."""
    return not FORMS_DIR.exists() and FORMS_DIR in target.parents


def test_the_readme_is_short():
    lines = (REPO / "README.md").read_text().splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: move the detail to docs/"


def test_every_relative_link_leads_to_a_file_and_its_heading():
    broken = []
    for page in pages():
        for link in relative_links(page):
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if waits_for_its_package(target):
                continue
            if not target.exists():
                broken.append(f"{page.name}: {link} (no such file)")
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                broken.append(f"{page.name}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_readme_names_every_form_with_its_package_readme():
    from device.forms import FORMS

    readme = (REPO / "README.md").read_text()
    for form in FORMS:
        package = form.name.replace("-", "_")
        line = f"- `{form.name}`"
        assert line in readme, form.name
        said = next(x for x in readme.splitlines() if x.startswith(line))
        assert f"(device/forms/{package}/README.md)" in said, form.name


def test_the_pi_page_installs_what_the_readme_installs():
    # make pi-check installs the README's apt line (tests/pi readme_packages());
    # docs/pi.md, the install step by step, must name the same packages.
    def apt_line(text: str) -> str:
        return next(x.strip() for x in text.splitlines() if "sudo apt install -y" in x)

    readme = (REPO / "README.md").read_text()
    pi_section = readme.split("## On a Raspberry Pi", 1)[1]
    assert apt_line(pi_section) == apt_line((DOCS / "pi.md").read_text())
    assert "docs/pi.md" in pi_section
