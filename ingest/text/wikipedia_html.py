"""Turn the HTML of a Wikipedia season article (MediaWiki `action=parse`) into clean, titled sections.

Dropped: tables (infoboxes, voting histories), navboxes, reference lists, edit links, figures and the
`[12]` markers. Kept: prose under each h2/h3 heading, and the episode summaries, which Survivor articles
keep inside their episode table (`table.wikiepisodetable`): each episode becomes its own section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, NavigableString, Tag

# Sections that hold no narrative.
SKIPPED_SECTIONS = {"references", "external links", "see also", "notes", "further reading", "bibliography",
                    "footnotes", "citations", "sources"}
_NOISE_SELECTORS = (
    "style", "script", "sup.reference", "sup.noprint", "span.mw-editsection", ".navbox", ".navbox-styles",
    ".reflist", "ol.references", ".mw-references-wrap", ".hatnote", "figure", ".thumb", ".infobox",
    ".metadata", ".ambox", ".sistersitebox", ".noprint", ".mw-empty-elt", ".shortdescription", "link",
)
_MARKERS = re.compile(r"\[(?:\d+|[a-z]|note \d+|citation needed|nb \d+)\]")
_PROSE_TAGS = {"p", "ul", "ol", "dl", "blockquote"}


@dataclass(frozen=True)
class ParsedSection:
    title: str
    text: str
    episode: int | None = None


def parse_article(html: str) -> list[ParsedSection]:
    soup = BeautifulSoup(html, "html.parser")
    root = soup.select_one("div.mw-parser-output") or soup
    for selector in _NOISE_SELECTORS:
        for node in root.select(selector):
            node.decompose()
    sections: list[ParsedSection] = []
    title, paragraphs, skipping = "Introduction", [], False

    def flush() -> None:
        text = "\n".join(p for p in paragraphs if p)
        if text and not skipping:
            sections.append(ParsedSection(title, text))
        paragraphs.clear()

    for node in _blocks(root):
        heading = _heading_text(node)
        if heading is not None:
            flush()
            level = _heading_level(node)
            if level == 2:
                skipping = heading.lower() in SKIPPED_SECTIONS
                title = heading
            elif not skipping:  # h3 and below refine the current h2 title
                title = f"{title.split(' / ')[0]} / {heading}"
            continue
        if skipping:
            continue
        if node.name == "table":
            if "wikiepisodetable" in (node.get("class") or []):
                flush()
                sections.extend(episode_sections(node))
            continue  # every other table is data, not prose
        if node.name in _PROSE_TAGS:
            paragraphs.append(_prose_text(node))
    flush()
    return sections


def episode_sections(table: Tag) -> list[ParsedSection]:
    """One section per episode row of an episode table, holding the summary row beneath it."""
    sections = []
    rows = table.find_all("tr")
    for i, row in enumerate(rows):
        if "vevent" not in (row.get("class") or []):
            continue
        summary_cell = None
        if i + 1 < len(rows) and "expand-child" in (rows[i + 1].get("class") or []):
            summary_cell = rows[i + 1].find("td", class_="description") or rows[i + 1].find("td")
        if summary_cell is None:
            continue
        title_cell = row.find("td", class_="summary")
        number = _episode_number(row, title_cell)
        name = clean(title_cell.get_text(" ")).strip('"“”') if title_cell else ""
        label = f"Episode {number}" if number is not None else "Episode"
        text = "\n".join(clean(p.get_text("")) for p in summary_cell.find_all("p")) or clean(summary_cell.get_text(" "))
        if text:
            sections.append(ParsedSection(f"{label}: {name}" if name else label, text, number))
    return sections


def clean(text: str) -> str:
    text = _MARKERS.sub("", text)
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    text = re.sub(r" +([,.;:!?])", r"\1", text)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _prose_text(node: Tag) -> str:
    if node.name in ("ul", "ol"):
        return "\n".join(clean(li.get_text("")) for li in node.find_all("li", recursive=False))
    return clean(node.get_text(""))


def _blocks(root: Tag):
    """Top-level blocks in document order; headings wrapped in div.mw-heading count as headings."""
    for node in root.children:
        if isinstance(node, NavigableString) or not isinstance(node, Tag):
            continue
        if node.name == "div" and "mw-heading" not in (node.get("class") or []):
            # Plain wrappers (e.g. div.div-col) may hold prose or tables.
            yield from _blocks(node)
        else:
            yield node


def _heading_text(node: Tag) -> str | None:
    target = node
    if node.name == "div" and "mw-heading" in (node.get("class") or []):
        target = node.find(re.compile(r"^h[2-6]$"))
    if target is None or not re.fullmatch(r"h[2-6]", target.name or ""):
        return None
    headline = target.find(class_="mw-headline") or target
    return clean(headline.get_text(" "))


def _heading_level(node: Tag) -> int:
    target = node.find(re.compile(r"^h[2-6]$")) if node.name == "div" else node
    return int(target.name[1])


def _episode_number(row: Tag, title_cell: Tag | None) -> int | None:
    """Survivor tables read "No. overall | No. in season | Title": take the last number before the title."""
    numbers = []
    for cell in row.find_all(["th", "td"]):
        if cell is title_cell:
            break
        text = cell.get_text(" ").strip()
        if re.fullmatch(r"\d+", text):
            numbers.append(int(text))
    return numbers[-1] if numbers else None
