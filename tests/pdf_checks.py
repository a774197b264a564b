"""Reading back a PDF that reportlab wrote uncompressed (``compress=False``), for tests.

No PDF library is needed: the page streams are read with a small interpreter of the
few operators reportlab writes (q, Q, cm, RG, m, l, Tf, Tj), so a test can measure
where a line lands on paper, in points, and read what the text says and its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|/[^\s/\[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)"
                    rb"|[A-Za-z'\"*]+|\[|\]|<<|>>")


@dataclass
class Page:
    """One page: its size, the stroked segments in page points with their RGB stroke
    colour, and the text shown, with its font size."""

    size: tuple[float, float]
    segments: list[tuple[tuple[float, float], tuple[float, float], tuple[float, ...]]] = \
        field(default_factory=list)
    texts: list[tuple[float, str]] = field(default_factory=list)

    def text(self) -> str:
        return " ".join(" ".join(t for _, t in self.texts).split())


def pages(pdf: bytes) -> list[Page]:
    """Every page, in order, read from the page objects' /Contents streams."""
    objects = {int(m.group(1)): m.group(2) for m in
               re.finditer(rb"(\d+) 0 obj\s*(.*?)endobj", pdf, re.S)}
    kids = re.search(rb"/Kids \[([^\]]*)\]", pdf)
    assert kids is not None, "no page tree"
    out = []
    for ref in re.findall(rb"(\d+) 0 R", kids.group(1)):
        page = objects[int(ref)]
        box = re.search(rb"/MediaBox \[\s*([\d.\s]+)\]", page)
        contents = re.search(rb"/Contents (\d+) 0 R", page)
        assert box is not None and contents is not None
        x0, y0, x1, y1 = map(float, box.group(1).split())
        stream = re.search(rb"stream\r?\n(.*)endstream", objects[int(contents.group(1))], re.S)
        assert stream is not None and b"/Filter" not in objects[int(contents.group(1))]
        out.append(_run(stream.group(1), Page((x1 - x0, y1 - y0))))
    return out


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n: the matrix that maps by ``m`` first (PDF's cm concatenation)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _unescape(raw: bytes) -> str:
    body = raw[1:-1]
    body = re.sub(rb"\\([0-7]{1,3})", lambda m: bytes([int(m.group(1), 8)]), body)
    body = re.sub(rb"\\(.)", rb"\1", body)
    return body.decode("cp1252", errors="replace")


def _run(stream: bytes, page: Page) -> Page:
    ctm, stack = IDENTITY, []
    stroke: tuple[float, ...] = (0.0, 0.0, 0.0)
    font, operands = 0.0, []
    current: tuple[float, float] | None = None
    for token in _TOKEN.findall(stream):
        if token[:1] in b"(/[]<>" or re.fullmatch(rb"[-+]?[\d.]+", token):
            operands.append(token)
            continue
        op = token.decode()
        numbers = [float(t) for t in operands if re.fullmatch(rb"[-+]?[\d.]+", t)]
        if op == "q":
            stack.append((ctm, stroke))
        elif op == "Q":
            ctm, stroke = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(numbers[-6:]), ctm)  # type: ignore[arg-type]
        elif op == "RG":
            stroke = tuple(numbers[-3:])
        elif op == "m":
            current = _apply(ctm, *numbers[-2:])
        elif op == "l" and current is not None:
            end = _apply(ctm, *numbers[-2:])
            page.segments.append((current, end, stroke))
            current = end
        elif op == "Tf":
            font = numbers[-1]
        elif op in ("Tj", "'", '"'):
            page.texts.append((font, _unescape(operands[-1])))
        operands = []
    return page


def rgb(hex_colour: str) -> tuple[float, float, float]:
    """'#d8c9a8' -> (0.847, 0.788, 0.659), as a PDF's RG operator writes it."""
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b)


def grid_lines(page: Page, colour: str) -> tuple[list[float], list[float]]:
    """Distinct x of the vertical and y of the horizontal strokes in ``colour``, sorted."""
    want = rgb(colour)
    xs, ys = set(), set()
    for (x0, y0), (x1, y1), stroke in page.segments:
        if len(stroke) != 3 or max(abs(a - b) for a, b in zip(stroke, want, strict=True)) > 0.01:
            continue
        if abs(x0 - x1) < 1e-3 and abs(y0 - y1) > 1e-3:
            xs.add(round(x0, 3))
        elif abs(y0 - y1) < 1e-3 and abs(x0 - x1) > 1e-3:
            ys.add(round(y0, 3))
    return sorted(xs), sorted(ys)
