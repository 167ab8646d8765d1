"""Plain-text tables render at a fixed width: wrapped columns share the room, headers wrap too."""

from lawtools.table import display_width, render_table


def test_wrapped_columns_fit_the_width_and_keep_every_word():
    text = "När en revoke etablerats och den felande vann det stick i vilket revoken begicks"
    out = render_table(["edition · a long header that must wrap", "n"], [["sv-2007 " + text, 7]], width=40, wrap=[0],
                       align_right=[1])
    lines = out.split("\n")
    assert all(display_width(line) <= 40 for line in lines)
    assert " ".join(out.split()).count("revoken") == 1
    assert lines[0].startswith("edition") and "─" in lines[2]
    assert lines[-1].rstrip().endswith("begicks") or "7" in lines[3]


def test_right_alignment_and_wide_characters():
    out = render_table(["name", "count"], [["漢字", 5], ["x", 12]], width=80, align_right=[1])
    rows = out.split("\n")[2:]
    assert rows[0].endswith("    5") and rows[1].endswith("   12")
    assert display_width("漢字") == 4


def test_ansi_styles_take_no_columns_and_are_never_cut():
    bold = "\x1b[1mStraffkortsinnehavarens\x1b[0m"
    assert display_width(bold) == len("Straffkortsinnehavarens")
    out = render_table(["text", "n"], [[f"a {bold} b", 3], ["plain", 12]], width=20, wrap=[0], align_right=[1])
    assert bold in out  # the long styled word is kept whole, escape sequences intact
    rows = out.split("\n")
    assert rows[-1].endswith("12") and rows[2].endswith("3")
