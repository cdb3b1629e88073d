"""The balance chart of a finished game (issue 26): each side's winning chance after every game
turn, as the worker's review computed it (richard3.review.Review.balance), drawn as SVG text.

Lancaster's chance is the red band from the bottom, York's the cream band above it, the line
between them the balance; the battles, usurpations and heirs' deaths of a turn are marked under
its point, in the colour of the side they went against. Every game turn is a column the player
taps (``<g data-turn data-step>``, at least 24 CSS px wide: the chart scrolls sideways when the
game is long) to take the replay there.

Pure string building (no DOM): runs on MicroPython in the page and on CPython in the tests.
"""

from table import e, num

#: The chart's drawing height and its margins, in SVG units (1 unit = 1 CSS px: the SVG is
#: drawn at its own size).
HEIGHT = 150
TOP, BOTTOM, LEFT = 8, 34, 8
#: Each game turn's column is at least this wide (CSS px): a target a finger can hit.
COLUMN = 24
#: The marks, by kind: (shape, words for the legend).
MARK_WORDS = {"battle": "a battle lost", "usurpation": "the throne lost",
              "heir": "an heir killed"}


def _y(chance):
    """The height of a chance (0-100) on the chart."""
    return TOP + (HEIGHT - TOP - BOTTOM) * (100 - chance) / 100


def _mark(kind, side, x, y):
    """One mark: a diamond for a battle, a crown for the throne, a cross for an heir."""
    cls = f'class="mark mark-{kind} side-{side.lower()}"'
    if kind == "battle":
        return (f'<path {cls} d="M{num(x)} {num(y - 5)}l5 5l-5 5l-5 -5z"/>')
    if kind == "usurpation":
        return (f'<path {cls} d="M{num(x - 6)} {num(y + 5)}l0 -9l3 4l3 -6l3 6l3 -4l0 9z"/>')
    return (f'<path {cls} d="M{num(x - 1.5)} {num(y - 6)}h3v4h4v3h-4v6h-3v-6h-4v-3h4z"/>')


def chart(points, current=None, width=320):
    """The chart's SVG for `points` (Review.balance's list: "index", "label", "step",
    "lancaster", "york", "marks"), with the column of game turn `current` (an index, or None)
    marked; `width`: the room it has (CSS px), widened to COLUMN px a turn if the game is
    longer. Returns "" without points."""
    n = len(points)
    if not n:
        return ""
    inner = max(width - 2 * LEFT, COLUMN * n)
    col = inner / n
    full = inner + 2 * LEFT

    def x_of(i):
        return LEFT + col * (i + 0.5)

    line = " ".join(f"{num(x_of(i))},{num(_y(p['lancaster']))}" for i, p in enumerate(points))
    base = _y(0)
    top = _y(100)
    first, last = num(LEFT), num(LEFT + inner)
    ends = (f"{first},{num(_y(points[0]['lancaster']))} {line} "
            f"{last},{num(_y(points[-1]['lancaster']))}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="balance-chart" width="{num(full)}" '
        f'height="{HEIGHT}" viewBox="0 0 {num(full)} {HEIGHT}" role="img" '
        f'aria-label="Winning chances after each game turn">',
        f'<rect class="band-york" x="{first}" y="{num(top)}" width="{num(inner)}" '
        f'height="{num(base - top)}"/>',
        f'<polygon class="band-lancaster" points="{first},{num(base)} {ends} '
        f'{last},{num(base)}"/>',
        f'<line class="even" x1="{first}" x2="{last}" y1="{num(_y(50))}" '
        f'y2="{num(_y(50))}"/>',
        f'<polyline class="balance-line" points="{line}"/>',
        f'<text class="chart-side" x="{num(LEFT + 4)}" y="{num(top + 12)}">York</text>',
        f'<text class="chart-side" x="{num(LEFT + 4)}" y="{num(base - 5)}">Lancaster</text>',
    ]
    for i, p in enumerate(points):
        x = x_of(i)
        now = " now" if i == current else ""
        marks = "".join(_mark(m["kind"], m["side"], x, base + 10 + 12 * (k % 2))
                        for k, m in enumerate((p.get("marks") or [])[:4]))
        said = "; ".join(m["text"] for m in p.get("marks") or [])
        title = (f"{p['label']}: Lancaster {p['lancaster']}%, York {p['york']}%"
                 + (f". {said}" if said else ""))
        parts.append(
            f'<g class="pt{now}" data-turn="{p["index"]}" data-step="{p["step"]}" '
            f'role="button" tabindex="-1" aria-label="{e(title)}"><title>{e(title)}</title>'
            f'<rect class="hit" x="{num(x - col / 2)}" y="0" width="{num(col)}" '
            f'height="{HEIGHT}"/>'
            f'<circle cx="{num(x)}" cy="{num(_y(p["lancaster"]))}" r="3.5"/>{marks}</g>')
    parts.append("</svg>")
    return "".join(parts)


def legend():
    """What the chart's colours and marks mean, as HTML."""
    marks = "".join(f'<span class="legend-mark"><svg width="16" height="16" viewBox="-8 -8 16 16" '
                    f'aria-hidden="true">{_mark(kind, "neutral", 0, 0)}</svg> {words}</span>'
                    for kind, words in MARK_WORDS.items())
    return ('<p class="balance-legend"><span class="legend-lanc">Lancaster</span> and '
            '<span class="legend-york">York</span>: each side\'s chance of winning after each '
            f'game turn, as the AI judges the whole position. Under a turn: {marks}, in the '
            'colour of the side it went against. Tap a turn to see it.</p>')


def swings_list(swings):
    """The biggest swings as a list of buttons that take the replay there (data-step)."""
    items = "".join(f'<li><button type="button" class="swing" data-step="{s["step"]}">'
                    f'{e(s["text"])}</button></li>' for s in swings or [])
    return f'<h3>Turning points</h3><ol class="swings">{items}</ol>' if items else ""
