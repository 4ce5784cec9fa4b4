#!/usr/bin/env python3
"""Measures topology sheets (PDF): pages, size, the smallest text, the words cut with "…" and
the words that run past their page's edge.

Usage: tools/sheet_check.py SHEET.pdf...   (needs pdfinfo and pdftotext from poppler-utils)
The text height is read from `pdftotext -bbox-layout`; DejaVu Sans words are 1.164 times as high
as their font size, so a word lower than 7 * 1.164 pt is text under 7 pt at A4. Rotated text is
left out (its boxes tell no size: fragments of one or two letters lower than 7 pt are taken for
such); the sheet notes every font it sets, plots included, and the GUI tests check that too.
"""
import re
import subprocess
import sys

HEIGHT_PER_POINT = 1.164


def measure(path):
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = int(re.search(r"^File size:\s+(\d+)", info, re.M).group(1))
    html = subprocess.run(["pdftotext", "-bbox-layout", path, "-"], capture_output=True, text=True, check=True).stdout
    words = []
    for line in re.findall(r"<line[^>]*>(.*?)</line>", html, re.S):
        found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', line)
        # Slanted text (a plot's tick labels) comes as fragments at rising heights, whose boxes
        # tell no font size: such lines, and short fragments lower than 7 pt, are left out.
        if len({round(float(w[1])) for w in found}) > 1:
            continue
        words += found
    smallest, where = 1e9, ""
    cut = []
    for x0, y0, x1, y1, text in words:
        width, height = float(x1) - float(x0), float(y1) - float(y0)
        if height < 0.9 * width / max(1, len(text)) or len(text) <= 2 and height < 7 * HEIGHT_PER_POINT:
            continue  # a fragment of slanted text (a plot's tick labels): its box tells no size
        points = height / HEIGHT_PER_POINT
        if points < smallest:
            smallest, where = points, text
        if text.endswith("…") and len(text) > 1:
            cut.append(text)
    layout = subprocess.run(["pdftotext", "-bbox", path, "-"], capture_output=True, text=True, check=True).stdout
    return pages, size, smallest, where, cut, off_the_page(layout)


def off_the_page(html):
    """Words (with their page) whose box runs past the page's edge."""
    off = []
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', html, re.S)
    for number, (width, height, body) in enumerate(pages, 1):
        for x0, y0, x1, y1, text in re.findall(
                r'<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', body):
            if float(x0) < 0 or float(y0) < 0 or float(x1) > float(width) or float(y1) > float(height):
                off.append(f"page {number}: {text}")
    return off


def main():
    for path in sys.argv[1:]:
        pages, size, smallest, where, cut, off = measure(path)
        print(f"{path}: {pages} pages, {size / 1e6:.2f} MB, smallest text {smallest:.1f} pt ({where!r}), "
              f"{len(cut)} cut words {cut[:8]}, {len(off)} words off the page {off[:8]}")


if __name__ == "__main__":
    main()
