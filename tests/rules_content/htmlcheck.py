"""A small structural HTML check for the reading pages, with the standard library only.

Not a full validator (the Nu checker found no errors when the pages were written); it catches what
template edits typically break: unclosed or stray tags, duplicate ids, images without alt text,
skipped heading levels, missing landmarks, text outside its language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from itertools import pairwise

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Elements whose end tag the HTML parser may imply; the templates close them anyway, so be strict.
SKIP_TEXT = {"script", "style", "title", "option"}


@dataclass
class Page:
    lang: str = ""
    errors: list[str] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    landmarks: set[str] = field(default_factory=set)
    description: str = ""
    title: str = ""
    text: list[str] = field(default_factory=list)  # visible text outside elements marked with another lang
    images: int = 0


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[tuple[str, str | None]] = []  # (tag, lang)
        self.heading: tuple[int, list[str]] | None = None
        self.in_title = False

    def _lang(self) -> str:
        for _, lang in reversed(self.stack):
            if lang:
                return lang
        return self.page.lang

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.page.lang = a.get("lang") or ""
        if "id" in a:
            self.page.ids.append(a["id"] or "")
        if tag in {"header", "nav", "main", "footer"}:
            self.page.landmarks.add(tag)
        if tag == "meta" and a.get("name") == "description":
            self.page.description = a.get("content") or ""
        if tag == "img":
            self.page.images += 1
            if not (a.get("alt") or "").strip() and not self._hidden():
                self.page.errors.append(f"<img src={a.get('src')!r}> has no alt text")
        if tag == "title":
            self.in_title = True
        if tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            self.heading = (int(tag[1]), [])
        if tag not in VOID:
            self.stack.append((tag, a.get("lang") or (a.get("aria-hidden") == "true" and "hidden") or None))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            open_tags = [t for t, _ in self.stack]
            self.page.errors.append(f"</{tag}> does not close the open element; open: {open_tags[-4:]}")
            if tag in open_tags:  # recover like a browser would
                while self.stack and self.stack.pop()[0] != tag:
                    pass
            return
        self.stack.pop()
        if tag == "title":
            self.in_title = False
        if tag.startswith("h") and tag[1:].isdigit() and self.heading:
            level, parts = self.heading
            self.page.headings.append((level, " ".join("".join(parts).split())))
            self.heading = None

    def _hidden(self) -> bool:
        return any(lang == "hidden" for _, lang in self.stack)

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.page.title += data
        if self.heading:
            self.heading[1].append(data)
        if self.stack and self.stack[-1][0] in SKIP_TEXT:
            return
        if self._lang() == self.page.lang and data.strip():
            self.page.text.append(data)


def parse(html: str) -> Page:
    parser = _Parser()
    parser.feed(html)
    parser.close()
    page = parser.page
    if parser.stack:
        page.errors.append(f"unclosed elements at the end: {[t for t, _ in parser.stack]}")
    duplicates = sorted({i for i in page.ids if page.ids.count(i) > 1})
    if duplicates:
        page.errors.append(f"duplicate ids: {duplicates}")
    levels = [level for level, _ in page.headings]
    if levels.count(1) != 1:
        page.errors.append(f"expected exactly one <h1>, found {levels.count(1)}")
    for before, after in pairwise(levels):
        if after > before + 1:
            page.errors.append(f"heading level jumps from h{before} to h{after}")
    return page
