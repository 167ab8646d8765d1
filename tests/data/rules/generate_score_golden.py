"""Generate score_golden.csv ONCE from a computation independent of lawtools.rules.law77_scoring.

Written from the Law 77 table as printed (per-trick values and cumulative undertrick columns), not from
the library's formulas. Samples checked by hand against the table before the CSV was committed:
  3NT= nv 400; 4SX+1 vul 990; 1NTXX= nv 560; 7NTXX= vul 2980; 3NTX-4 nv 800; 7NTXX-13 vul 7600;
  2CX= nv 180; 2HX= vul 670; 6S+1 nv 1010; 1C-1 vul -100; 5DX-3 nv 500; 4HXX-2 vul 1000 (as -1000).
Run: python tests/data/rules/generate_score_golden.py > tests/data/rules/score_golden.csv
"""

# Undertrick penalties, cumulative, for 1..13 down, as the table's columns read.
UNDOUBLED = {False: [50 * n for n in range(1, 14)], True: [100 * n for n in range(1, 14)]}
DOUBLED_NV = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
DOUBLED_V = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]
DOWN = {
    ("", False): UNDOUBLED[False], ("", True): UNDOUBLED[True],
    ("X", False): DOUBLED_NV, ("X", True): DOUBLED_V,
    ("XX", False): [2 * p for p in DOUBLED_NV], ("XX", True): [2 * p for p in DOUBLED_V],
}
# Trick values per odd trick (first, subsequent) undoubled.
TRICK = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}
FACTOR = {"": 1, "X": 2, "XX": 4}
OVERTRICK = {("", False): None, ("", True): None, ("X", False): 100, ("X", True): 200,
             ("XX", False): 200, ("XX", True): 400}
INSULT = {"": 0, "X": 50, "XX": 100}


def made(level, denom, dbl, vul, over):
    first, rest = TRICK[denom]
    below = (first + rest * (level - 1)) * FACTOR[dbl]
    bonus = (500 if vul else 300) if below >= 100 else 50
    slam = {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    per = OVERTRICK[(dbl, vul)] or rest
    return below + bonus + slam + INSULT[dbl] + over * per


def main():
    print("contract,tricks,vulnerable,score")
    for level in range(1, 8):
        for denom in ("C", "D", "H", "S", "NT"):
            for dbl in ("", "X", "XX"):
                for vul in (False, True):
                    for tricks in range(14):
                        need = level + 6
                        value = made(level, denom, dbl, vul, tricks - need) if tricks >= need else \
                            -DOWN[(dbl, vul)][need - tricks - 1]
                        print(f"{level}{denom}{dbl},{tricks},{int(vul)},{value}")


if __name__ == "__main__":
    main()
